/** The site's mark: its initials on its accent, as the favicon and the preview cards draw it. */
import { BRAND_LIGHT, escapeHtml, inkOn, type SiteIdentity } from '@quillpost/domain';

/** The letters of a title a mark has room for: the first of its first two words. */
export function initialsOf(title: string): string {
  const words = title.split(/[\s\-–—]+/u).filter((word) => /\p{L}|\p{N}/u.test(word));
  return words
    .slice(0, 2)
    .map((word) => [...word.replace(/^[^\p{L}\p{N}]+/u, '')][0] ?? '')
    .join('')
    .toLocaleUpperCase();
}

/**
 * The site's mark: its initials on its accent, as every tab and home screen shows it. `square` is
 * the full-bleed tile a home screen rounds or masks itself (its letters stay inside the middle
 * 80%, the safe zone of a maskable icon).
 */
export function faviconSvg(
  identity: Pick<SiteIdentity, 'title' | 'accent'>,
  { square = false }: { square?: boolean } = {},
): string {
  const initials = initialsOf(identity.title) || '·';
  const size = initials.length > 1 ? 14 : 18;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="${square ? 0 : 7}" fill="${escapeHtml(identity.accent)}"/><text x="16" y="${initials.length > 1 ? 21 : 22.5}" text-anchor="middle" font-family="Georgia, serif" font-size="${size}" fill="${inkOn(identity.accent, BRAND_LIGHT.text, '#ffffff')}">${escapeHtml(initials)}</text></svg>`;
}
