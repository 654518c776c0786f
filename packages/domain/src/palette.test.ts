import { describe, expect, it } from 'vitest';
import { BRAND_DARK, BRAND_LIGHT } from './brand.js';
import { accentCss, accentPalette, contrast, MIN_CONTRAST } from './palette.js';

// From nearly white to nearly black, greys, pure primaries and the colours owners pick.
const ACCENTS = [
  '#ffffff',
  '#fefefe',
  '#ffff00',
  '#ffd700',
  '#00ff00',
  '#00ffff',
  '#87ceeb',
  '#ff69b4',
  '#ff0000',
  '#808080',
  '#1f5f8c',
  '#6b21a8',
  '#0000ff',
  '#111111',
  '#000000',
];

describe('the palette derived from an accent', () => {
  it.each(ACCENTS)('keeps every pair AA in light and dark: %s', (accent) => {
    const { light, dark } = accentPalette(accent);
    const pairs: Array<[string, string, string]> = [
      ['light link on the page', light.accent, BRAND_LIGHT.bg],
      ['light link on a card', light.accent, BRAND_LIGHT.surface],
      ['light button', light.onAccent, light.accent],
      ['light button, hovered', light.onAccent, light.accentHover],
      ['light hovered link', light.accentHover, BRAND_LIGHT.bg],
      ['dark link on the page', dark.accent, BRAND_DARK.bg],
      ['dark link on a card', dark.accent, BRAND_DARK.surface],
      ['dark button', dark.onAccent, dark.accent],
      ['dark button, hovered', dark.onAccent, dark.accentHover],
      ['dark hovered link', dark.accentHover, BRAND_DARK.bg],
    ];
    for (const [pair, text, background] of pairs) {
      expect(
        contrast(text, background),
        `${pair}: ${text} on ${background}`,
      ).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
  });

  it('keeps the hue the owner chose', () => {
    const { light, dark } = accentPalette('#1f5f8c');
    expect(light.accent).toBe('#1f5f8c'); // already AA on the paper: unchanged
    // A lighter blue for the dark desk: blue still the strongest channel.
    const [r, g, b] = [1, 3, 5].map((at) => parseInt(dark.accent.slice(at, at + 2), 16));
    expect(b).toBeGreaterThan(Math.max(r!, g!));
    expect(contrast(dark.accent, '#000000')).toBeGreaterThan(contrast(light.accent, '#000000'));
  });

  it('keeps the hand-tuned palette for the sample accent', () => {
    expect(accentPalette(BRAND_LIGHT.accent)).toEqual({
      light: { accent: '#8c3a1f', accentHover: '#6e2c16', onAccent: '#ffffff' },
      dark: { accent: '#eda07e', accentHover: '#f4bba0', onAccent: '#1a120d' },
    });
  });

  it('writes the palette as custom properties for both schemes', () => {
    expect(accentCss('#1f5f8c')).toMatch(
      /^:root:root\{--color-accent:#1f5f8c;--color-accent-hover:#[0-9a-f]{6};--color-on-accent:#[0-9a-f]{6}\}@media \(prefers-color-scheme: dark\)\{:root:root\{--color-accent:#[0-9a-f]{6};/,
    );
  });
});
