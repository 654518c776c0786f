/**
 * WCAG contrast of the design tokens in both themes: text pairs at least 4.5:1 (AA), borders,
 * focus rings and other UI parts at least 3:1.
 */
import { BRAND_DARK, BRAND_FONTS, BRAND_LIGHT } from '@quillpost/domain';
import { describe, expect, it } from 'vitest';
import tokens from './tokens.css?raw';

function themeColors(css: string): Record<string, string> {
  const colors: Record<string, string> = {};
  for (const match of css.matchAll(/--color-([a-z-]+):\s*(#[0-9a-f]{6})/gi)) {
    colors[match[1]!] = match[2]!;
  }
  return colors;
}

const darkStart = tokens.indexOf('@media (prefers-color-scheme: dark)');
const THEMES = {
  light: themeColors(tokens.slice(0, darkStart)),
  dark: themeColors(tokens.slice(darkStart)),
};

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const TEXT_PAIRS: Array<[string, string]> = [
  ['text', 'bg'],
  ['text', 'surface'],
  ['text', 'sunken'],
  ['muted', 'bg'],
  ['muted', 'surface'],
  ['muted', 'sunken'],
  ['accent', 'bg'],
  ['accent', 'surface'],
  ['accent', 'sunken'],
  ['accent-hover', 'bg'],
  ['danger', 'surface'],
  ['danger', 'sunken'],
  ['success', 'surface'],
  ['success', 'sunken'],
  ['on-accent', 'accent'],
  ['on-accent', 'accent-hover'],
  ['surface', 'danger'],
  ['surface', 'success'],
];

const UI_PAIRS: Array<[string, string]> = [
  ['border', 'bg'],
  ['border', 'surface'],
  ['border', 'sunken'],
  ['focus', 'bg'],
  ['focus', 'surface'],
  ['focus', 'sunken'],
];

describe.each(Object.entries(THEMES))('%s theme', (_name, colors) => {
  it.each(TEXT_PAIRS)('%s on %s is AA for text (4.5:1)', (fg, bg) => {
    expect(colors[fg], fg).toBeDefined();
    expect(colors[bg], bg).toBeDefined();
    expect(contrast(colors[fg]!, colors[bg]!)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(UI_PAIRS)('%s on %s is at least 3:1', (fg, bg) => {
    expect(contrast(colors[fg]!, colors[bg]!)).toBeGreaterThanOrEqual(3);
  });
});

// The server's own pages and the emails draw the site from domain's brand: the same values.
describe.each([
  ['light', BRAND_LIGHT],
  ['dark', BRAND_DARK],
] as const)('the %s brand of pages and mail', (name, palette) => {
  it.each(Object.entries(palette))('%s matches tokens.css', (key, value) => {
    const token = key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    expect(THEMES[name][token]).toBe(value);
  });
});

it('pages and mail use the same type families as tokens.css', () => {
  const family = (name: string) =>
    new RegExp(`--font-${name}:\\s*([^;]+);`).exec(tokens)?.[1]?.replace(/\s+/g, ' ');
  expect(family('serif')).toBe(BRAND_FONTS.serif);
  expect(family('sans')).toBe(BRAND_FONTS.sans);
});
