/** Words Title Case leaves small inside a label, as the spec's "Continue with GitHub" does. */
const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);

/** The spec's buttons are Title Case ('Sign In', 'Try Again', 'Sign Out'): every button is. */
export function titleCased(label: string): boolean {
  return label
    .split(/\s+/)
    .filter(Boolean)
    .every((word, index) => !/^\p{Ll}/u.test(word) || (index > 0 && SMALL_WORDS.has(word)));
}

/** The labels of every button (and link styled as one) in `within`. */
export function buttonLabels(within: HTMLElement = document.body): string[] {
  return [...within.querySelectorAll<HTMLElement>('button, a.button')]
    .map((element) => (element.getAttribute('aria-label') ?? element.textContent ?? '').trim())
    .filter(Boolean);
}
