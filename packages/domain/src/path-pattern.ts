/**
 * Filling a route pattern, the one rule behind `apiPath` (endpoints) and `pagePath` (pages):
 * each `:name` segment and each segment of a trailing `*` is URI-encoded on its own, so a value
 * can never add a segment or a query string.
 */

/** A trailing `*` takes its segments as a list, or one segment as a string. */
export type SplatValue = string | readonly string[];

export type PathParams = Record<string, string | number | SplatValue | undefined>;

export function fillPath(pattern: string, params: PathParams, caller: string): string {
  const filled = pattern.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${caller}: missing :${name} for ${pattern}`);
    return encodeURIComponent(String(value));
  });
  if (!filled.endsWith('/*')) return filled;
  const splat = params['*'];
  const segments = (typeof splat === 'string' ? [splat] : ((splat ?? []) as readonly string[]))
    .filter((segment) => segment !== '')
    .map(encodeURIComponent);
  // With nothing in it, the splat's route is its parent: /category/* without a category is /category.
  const parent = filled.slice(0, -'/*'.length);
  return segments.length ? `${parent}/${segments.join('/')}` : parent;
}
