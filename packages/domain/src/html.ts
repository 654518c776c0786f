/** Shared by the API's HTML (pages, mail, the dev mailbox) and the web's server-rendered head. */
const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe to put in HTML, as element content or as a quoted attribute value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/**
 * Named references other platforms' exports write in plain text (Substack's subtitles, WordPress's
 * excerpts): the five of XML, spaces and typography, and Latin-1's letters and signs.
 */
const NAMED_REFERENCES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00A0',
  ensp: '\u2002',
  emsp: '\u2003',
  thinsp: '\u2009',
  shy: '\u00AD',
  zwj: '\u200D',
  zwnj: '\u200C',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  sbquo: '‚',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  laquo: '«',
  raquo: '»',
  lsaquo: '‹',
  rsaquo: '›',
  bull: '•',
  middot: '·',
  dagger: '†',
  Dagger: '‡',
  prime: '′',
  Prime: '″',
  trade: '™',
  copy: '©',
  reg: '®',
  deg: '°',
  plusmn: '±',
  times: '×',
  divide: '÷',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
  sup1: '¹',
  sup2: '²',
  sup3: '³',
  micro: 'µ',
  para: '¶',
  sect: '§',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  curren: '¤',
  iexcl: '¡',
  iquest: '¿',
  ordf: 'ª',
  ordm: 'º',
  not: '¬',
  macr: '¯',
  acute: '´',
  cedil: '¸',
  uml: '¨',
  brvbar: '¦',
  szlig: 'ß',
  hearts: '♥',
  larr: '←',
  rarr: '→',
  uarr: '↑',
  darr: '↓',
  harr: '↔',
  minus: '−',
};
// Latin-1's accented letters, by the names HTML gives them (Agrave … yuml).
const LATIN_1_LETTERS =
  'Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml _ Oslash Ugrave Uacute Ucirc Uuml Yacute THORN';
for (const [offset, name] of LATIN_1_LETTERS.split(' ').entries()) {
  if (name === '_') continue;
  NAMED_REFERENCES[name] = String.fromCodePoint(0xc0 + offset);
  NAMED_REFERENCES[name.toLowerCase()] = String.fromCodePoint(0xe0 + offset);
}
NAMED_REFERENCES.yuml = 'ÿ';

/**
 * Text with its character references (`&#x201C;`, `&#8217;`, `&amp;`, `&eacute;`) read as the
 * characters they stand for: the reverse of escapeHtml, for text another platform exported as
 * HTML but the site keeps as text. A reference it does not know stays as written.
 */
export function decodeHtmlEntities(text: string): string {
  return text.replace(
    /&(#[xX][\da-fA-F]{1,6}|#\d{1,7}|[A-Za-z][A-Za-z\d]{1,31});/g,
    (whole, name: string) => {
      if (name[0] !== '#') return NAMED_REFERENCES[name] ?? whole;
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      // Nothing, a surrogate half or beyond Unicode is no character: the replacement one, as HTML.
      return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)
        ? '\uFFFD'
        : String.fromCodePoint(code);
    },
  );
}
