/**
 * A slug: lower-case letters without their accents, digits, and one dash for each run of anything
 * else ("Zoë's Café (2)" → "zoe-s-cafe-2"). Headings' anchors, uploads' file names and calendar
 * files are named by it; `fallback` when nothing is left.
 */
export function slugOf(
  text: string,
  { fallback, max }: { fallback: string; max?: number },
): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return (max === undefined ? slug : slug.slice(0, max).replace(/-+$/, '')) || fallback;
}
