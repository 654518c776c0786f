import { accentPalette, BRAND_DARK, BRAND_FONTS, BRAND_LIGHT } from '@quillpost/domain';
import { describe, expect, it } from 'vitest';
import { renderEmail } from './templates.js';

const email = renderEmail({
  site: { title: 'Rowan Ellis', language: 'en-GB', accent: BRAND_LIGHT.accent },
  heading: 'Confirm your subscription',
  paragraphs: ['Tap the button to confirm <ada@example.com>.'],
  button: { label: 'Confirm', url: 'https://rowan.example/verify?token=a&b=1' },
  notes: ['The link works for 24 hours.'],
  reason: 'You asked to subscribe at rowan.example.',
  manageUrl: 'https://rowan.example/manage',
  unsubscribeUrl: 'https://rowan.example/api/unsubscribe/x',
});

describe('renderEmail', () => {
  it('looks like the site: its name, type and colours, and its dark theme where clients allow', () => {
    expect(email.html).toContain('>Rowan Ellis</td>');
    expect(email.html).toContain(`background:${BRAND_LIGHT.accent}`);
    expect(email.html).toContain(`style="margin:0 0 16px;font-family:${BRAND_FONTS.serif};`);
    expect(email.html).toContain('<meta name="color-scheme" content="light dark">');
    expect(email.html).toContain(`.qp-button { background: ${BRAND_DARK.accent} !important; }`);
    expect(email.html).not.toContain('#1d4ed8');
  });

  it("takes the site's accent and language from site.yml", () => {
    const teal = renderEmail({
      site: { title: 'Ada Palmer', language: 'pt-BR', accent: '#0f766e' },
      heading: 'Olá',
      paragraphs: ['Texto.'],
      button: { label: 'Confirmar', url: 'https://ada.example/verify' },
      reason: 'Porque sim.',
    });
    const { light, dark } = accentPalette('#0f766e');
    expect(teal.html).toContain('<html lang="pt-BR">');
    expect(teal.html).toContain(`background:${light.accent};`);
    expect(teal.html).toContain(`color:${light.onAccent};`);
    expect(teal.html).toContain(`.qp-button { background: ${dark.accent} !important; }`);
    expect(teal.html).not.toContain(BRAND_LIGHT.accent);
    expect(teal.text.startsWith('Ada Palmer\n')).toBe(true);
  });

  it('escapes what it is given and writes every link out in the text part', () => {
    expect(email.html).toContain('confirm &lt;ada@example.com&gt;.');
    expect(email.html).toContain('href="https://rowan.example/verify?token=a&amp;b=1"');
    expect(email.text).toContain('Confirm: https://rowan.example/verify?token=a&b=1');
    expect(email.text).toContain('Manage your subscription: https://rowan.example/manage');
    expect(email.text).toContain('Unsubscribe: https://rowan.example/api/unsubscribe/x');
  });
});
