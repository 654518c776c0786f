/**
 * The site's accent colours in light and dark, derived from the one `accent` of site.yml: the
 * hue and saturation the owner chose, with the lightness moved as little as it takes for every
 * pair the site draws with them to keep WCAG AA contrast (4.5:1): links on the page and on
 * cards, the button's text on the button, in both schemes. The sample's accent keeps the
 * palette tuned by hand (brand.ts).
 */
import { BRAND_DARK, BRAND_LIGHT, type BrandPalette } from './brand.js';

export interface AccentColours {
  accent: string;
  accentHover: string;
  onAccent: string;
}

export interface AccentPalette {
  light: AccentColours;
  dark: AccentColours;
}

/** WCAG AA for body text. */
export const MIN_CONTRAST = 4.5;

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  return [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as Rgb;
}

function hexOf(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

function hslOf(hex: string): Rgb {
  const [r, g, b] = rgbOf(hex).map((channel) => channel / 255) as Rgb;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h =
    max === r
      ? ((g - b) / d + (g < b ? 6 : 0)) / 6
      : max === g
        ? ((b - r) / d + 2) / 6
        : ((r - g) / d + 4) / 6;
  return [h, s, l];
}

function hexOfHsl([h, s, l]: Rgb): string {
  if (s === 0) return hexOf([l * 255, l * 255, l * 255]);
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  return hexOf([channel(h + 1 / 3) * 255, channel(h) * 255, channel(h - 1 / 3) * 255]);
}

/** `hex` with its lightness moved by `step` until `fits` holds (or black/white is reached). */
function shifted(hex: string, step: number, fits: (colour: string) => boolean): string {
  const [h, s, l] = hslOf(hex);
  for (let lightness = l; lightness >= 0 && lightness <= 1; lightness += step) {
    const colour = hexOfHsl([h, s, lightness]);
    if (fits(colour)) return colour;
  }
  return step < 0 ? '#000000' : '#ffffff';
}

/** `hex` with its lightness moved by `delta`, within black and white. */
function withLightness(hex: string, delta: number): string {
  const [h, s, l] = hslOf(hex);
  return hexOfHsl([h, s, Math.min(1, Math.max(0, l + delta))]);
}

/** Of two inks, the one that reads better on `background` (#rrggbb each). */
export function inkOn(background: string, dark: string, light: string): string {
  return contrast(dark, background) >= contrast(light, background) ? dark : light;
}

export function accentPalette(accent: string): AccentPalette {
  const seed = accent.toLowerCase();
  if (seed === BRAND_LIGHT.accent) {
    const pick = ({ accent, accentHover, onAccent }: AccentColours) => ({
      accent,
      accentHover,
      onAccent,
    });
    return { light: pick(BRAND_LIGHT), dark: pick(BRAND_DARK) };
  }
  // Light: links on the paper and on white cards, white text on the button.
  const lightAccent = shifted(
    seed,
    -0.01,
    (colour) =>
      contrast(colour, BRAND_LIGHT.bg) >= MIN_CONTRAST &&
      contrast(colour, BRAND_LIGHT.surface) >= MIN_CONTRAST,
  );
  // Dark: links on the desk and on its cards, dark text on the button.
  const darkAccent = shifted(
    seed,
    0.01,
    (colour) =>
      contrast(colour, BRAND_DARK.bg) >= MIN_CONTRAST &&
      contrast(colour, BRAND_DARK.surface) >= MIN_CONTRAST,
  );
  // Hover moves away from the page: contrast with the page and with the button's text only grows.
  return {
    light: {
      accent: lightAccent,
      accentHover: withLightness(lightAccent, -0.07),
      onAccent: inkOn(lightAccent, BRAND_LIGHT.text, '#ffffff'),
    },
    dark: {
      accent: darkAccent,
      accentHover: withLightness(darkAccent, 0.07),
      onAccent: inkOn(darkAccent, BRAND_DARK.onAccent, '#ffffff'),
    },
  };
}

/**
 * The palette as CSS custom properties over the stylesheet's, in both colour schemes: `:root:root`
 * outranks the stylesheet's `:root`, which loads after this and would otherwise win.
 */
export function accentCss(accent: string): string {
  const { light, dark } = accentPalette(accent);
  const rules = ({ accent, accentHover, onAccent }: AccentColours) =>
    `--color-accent:${accent};--color-accent-hover:${accentHover};--color-on-accent:${onAccent}`;
  return `:root:root{${rules(light)}}@media (prefers-color-scheme: dark){:root:root{${rules(dark)}}}`;
}

export interface BrandPalettes {
  light: BrandPalette;
  dark: BrandPalette;
}

// A newsletter renders thousands of mails with the one accent a site has.
const palettesByAccent = new Map<string, BrandPalettes>();

/** The whole light and dark palettes with this accent: for emails and the server's small pages. */
export function brandPalettes(accent: string): BrandPalettes {
  let palettes = palettesByAccent.get(accent);
  if (!palettes) {
    const { light, dark } = accentPalette(accent);
    palettes = { light: { ...BRAND_LIGHT, ...light }, dark: { ...BRAND_DARK, ...dark } };
    palettesByAccent.set(accent, palettes);
  }
  return palettes;
}
