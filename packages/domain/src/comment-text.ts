/**
 * Comment text as readers see it, without zod (reading pages carry this): which URLs are safe to
 * link, and plain text split into text and links.
 */

// The WHATWG URL parser exists in every runtime this package runs in (browsers, Node); the
// domain compiles without DOM or Node types, so it is declared here.
declare const URL: new (input: string) => {
  protocol: string;
  username: string;
  password: string;
  href: string;
};

/** An http(s) URL without credentials; anything else (javascript:, data:) is refused. */
export function isSafeWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password
    );
  } catch {
    return false;
  }
}

export type TextSegment =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`]+/gi;

/** Sentence punctuation after a URL is not part of it; a ')' is only when the URL opened one. */
function trimUrl(candidate: string): string {
  let url = candidate;
  for (;;) {
    const last = url.at(-1);
    if (last && '.,;:!?\'"]}'.includes(last)) url = url.slice(0, -1);
    else if (last === ')' && url.split('(').length < url.split(')').length) url = url.slice(0, -1);
    else return url;
  }
}

/**
 * Splits plain comment text into text and link segments. Only http(s) URLs become links, and the
 * web renders them as text nodes inside <a rel="nofollow ugc noopener noreferrer">, so nothing a
 * member types can become markup or a script URL.
 */
export function linkifyText(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const start = match.index;
    const candidate = trimUrl(match[0]);
    if (!isSafeWebUrl(candidate)) continue;
    if (start > last) segments.push({ kind: 'text', text: text.slice(last, start) });
    segments.push({ kind: 'link', text: candidate, href: new URL(candidate).href });
    last = start + candidate.length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}
