import {
  escapeHtml,
  pictureSources,
  variantUrl,
  widthFor,
  type ImageVariants,
} from '@quillpost/domain';

/**
 * An image as `<picture>`: AVIF, then WebP, then the original's format, each in every width so
 * the browser takes the smallest that fills `sizes`; width and height keep its place while it
 * loads. Lazy unless it is the first thing a reader sees.
 */
export function pictureHtml(
  image: ImageVariants,
  options: { alt: string; sizes: string; title?: string; eager?: boolean },
): string {
  const { sources, src, srcset } = pictureSources(image);
  const sizes = escapeHtml(options.sizes);
  const title = options.title ? ` title="${escapeHtml(options.title)}"` : '';
  const loading = options.eager ? ' fetchpriority="high"' : ' loading="lazy"';
  return `<picture>${sources
    .map((source) => `<source type="${source.type}" srcset="${source.srcset}" sizes="${sizes}">`)
    .join(
      '',
    )}<img src="${src}" srcset="${srcset}" sizes="${sizes}" width="${image.width}" height="${image.height}" alt="${escapeHtml(options.alt)}"${title}${loading} decoding="async"></picture>`;
}

/** One variant in the original's format, `width` wide (never wider than the image), and its height. */
export function plainVariant(image: ImageVariants, width: number) {
  const shown = widthFor(image, width);
  return {
    src: variantUrl(image, shown, image.fallback),
    width: shown,
    height: Math.round((image.height * shown) / image.width),
  };
}

const PICTURE = /<picture>[\s\S]*?(<img\b[^>]*>)[\s\S]*?<\/picture>/g;
const ATTRIBUTE = /\s([a-z-]+)="([^"]*)"/g;
const VARIANT_SRC = /^\/images\/([0-9a-f]+)\/\d+\.(jpg|png)$/;

/**
 * Each `<picture>` of rendered HTML as one plain `<img>` in the original's format, `width` wide
 * (never wider than the image), for readers that know no `<picture>`: mail clients (with the
 * double width for sharp screens) and feed readers.
 */
export function plainImages(html: string, width: number, options: { sharp?: boolean } = {}) {
  return html.replace(PICTURE, (whole, img: string) => {
    const attributes = Object.fromEntries(
      [...img.matchAll(ATTRIBUTE)].map((match) => [match[1]!, match[2]!]),
    );
    const source = VARIANT_SRC.exec(attributes.src ?? '');
    const fullWidth = Number(attributes.width);
    const fullHeight = Number(attributes.height);
    if (!source || !fullWidth || !fullHeight) return whole;
    const image = {
      hash: source[1]!,
      width: fullWidth,
      height: fullHeight,
      fallback: source[2] as ImageVariants['fallback'],
    };
    const shown = plainVariant(image, width);
    const sharper = plainVariant(image, width * 2);
    const srcset =
      options.sharp && sharper.width > shown.width ? ` srcset="${sharper.src} 2x"` : '';
    return `<img src="${shown.src}"${srcset} width="${shown.width}" height="${shown.height}" alt="${attributes.alt ?? ''}">`;
  });
}
