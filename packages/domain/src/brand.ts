/**
 * The site's look where its stylesheet cannot reach: the server's own small pages (the sign-in
 * confirmation) and every email. The same values as apps/web/src/styles/tokens.css, which a web
 * test holds them to.
 */
export const BRAND_FONTS = {
  serif:
    "'Iowan Old Style', 'Palatino Linotype', Palatino, Charter, 'Bitstream Charter', 'Sitka Text', Cambria, Georgia, serif",
  sans: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
} as const;

export interface BrandPalette {
  bg: string;
  surface: string;
  sunken: string;
  text: string;
  muted: string;
  accent: string;
  accentHover: string;
  onAccent: string;
  rule: string;
  focus: string;
}

/** Light: warm paper and ink. */
export const BRAND_LIGHT: BrandPalette = {
  bg: '#faf8f4',
  surface: '#ffffff',
  sunken: '#f2eee6',
  text: '#1f1c18',
  muted: '#5d564c',
  accent: '#8c3a1f',
  accentHover: '#6e2c16',
  onAccent: '#ffffff',
  rule: '#e3ddd2',
  focus: '#1f5fbf',
};

/** Dark: lamplight on a dark desk. */
export const BRAND_DARK: BrandPalette = {
  bg: '#161513',
  surface: '#1f1d1a',
  sunken: '#121110',
  text: '#ece7df',
  muted: '#b0a89c',
  accent: '#eda07e',
  accentHover: '#f4bba0',
  onAccent: '#1a120d',
  rule: '#34312c',
  focus: '#8ab4ff',
};
