import { pictureSources, type ImageVariants } from '@quillpost/domain';

/** A post's picture: the text column, a little wider on large screens (post-page.css). */
export const FEATURED_IMAGE_SIZES =
  '(min-width: 1100px) 50rem, (min-width: 46rem) 42rem, calc(100vw - 2.5rem)';

/** A project card in its grid of 20rem columns (projects.css). */
export const CARD_IMAGE_SIZES = '(min-width: 46rem) 24rem, calc(100vw - 2.5rem)';

/** Book covers at their three sizes (books.css). */
export const COVER_SIZES = {
  small: '4rem',
  medium: '(min-width: 30rem) 12rem, 45vw',
  large: '15rem',
} as const;

/**
 * A picture of the owner's: the site's variants (AVIF, WebP, the original's format, each in every
 * width, picked by `sizes`) when it serves the image as a photo, else the file as it is, at the
 * size the layout reserves. `priority` is for the picture a reader sees first: fetched early,
 * never lazily.
 */
export function ContentImage({
  src,
  variants,
  alt,
  sizes,
  className,
  width,
  height,
  priority = false,
}: {
  src: string;
  variants: ImageVariants | null;
  alt: string;
  sizes: string;
  className?: string;
  /** The size reserved for an image without variants (an SVG): its aspect ratio. */
  width: number;
  height: number;
  priority?: boolean;
}) {
  const loading = priority ? ({ fetchPriority: 'high' } as const) : ({ loading: 'lazy' } as const);
  if (!variants) {
    return (
      <img
        className={className}
        src={src}
        alt={alt}
        width={width}
        height={height}
        decoding="async"
        {...loading}
      />
    );
  }
  const picture = pictureSources(variants);
  return (
    <picture>
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img
        className={className}
        src={picture.src}
        srcSet={picture.srcset}
        sizes={sizes}
        alt={alt}
        width={variants.width}
        height={variants.height}
        decoding="async"
        {...loading}
      />
    </picture>
  );
}
