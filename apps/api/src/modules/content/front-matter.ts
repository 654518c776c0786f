import { isMap, isScalar, LineCounter, parseDocument, type Document } from 'yaml';

/** A content file the sync skipped, with where the owner should look. */
export class ContentFileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly reason: string,
  ) {
    super(`${file}:${line}: ${reason}`);
    this.name = 'ContentFileError';
  }
}

export interface FrontMatter {
  data: Record<string, unknown>;
  body: string;
  /** File line of a front-matter key or value at `path`, for error reports; falls back to line 1. */
  lineOf(path: ReadonlyArray<PropertyKey>): number;
}

/**
 * Aliases a file may expand as it is read: an anchor reused here and there is fine, while aliases
 * of aliases (a "billion laughs") turn a few lines into more than the server's memory.
 */
const MAX_ALIASES = 100;

/** A parsed YAML document as plain data; one that expands too far is refused as invalid YAML. */
export function yamlData(doc: Document, file: string, line: number): unknown {
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (error) {
    throw new ContentFileError(file, line, `invalid YAML: ${(error as Error).message}`);
  }
}

const OPENING = /^---[ \t]*\r?\n/;
const CLOSING = /^---[ \t]*$/m;

/**
 * Splits `---` YAML front matter from the Markdown body. Lines in errors are file lines: the YAML
 * starts on line 2, after the opening fence. A file without front matter is reported, not guessed at.
 */
export function parseFrontMatter(file: string, source: string): FrontMatter {
  const text = source.replace(/^\uFEFF/, '');
  const opening = OPENING.exec(text);
  if (!opening) throw new ContentFileError(file, 1, 'front matter must start with a --- line');
  const rest = text.slice(opening[0].length);
  const closing = CLOSING.exec(rest);
  if (!closing) throw new ContentFileError(file, 1, 'front matter is not closed by a --- line');
  const yamlText = rest.slice(0, closing.index);
  const body = rest.slice(closing.index + closing[0].length).replace(/^\r?\n/, '');

  const lineCounter = new LineCounter();
  const doc = parseDocument(yamlText, { lineCounter, prettyErrors: true, uniqueKeys: true });
  const firstError = doc.errors[0];
  if (firstError) {
    const line = (firstError.linePos?.[0]?.line ?? 1) + 1;
    // The pretty message ends with YAML-relative coordinates and a code frame; the line is ours.
    const reason = firstError.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    throw new ContentFileError(file, line, `invalid YAML: ${reason}`);
  }
  const data = yamlData(doc, file, 2) ?? {};
  if (typeof data !== 'object' || Array.isArray(data) || data === null) {
    throw new ContentFileError(file, 2, 'front matter must be a map of keys to values');
  }
  return {
    data: data as Record<string, unknown>,
    body,
    lineOf: (path) => lineOfPath(doc, lineCounter, path),
  };
}

function lineOfPath(doc: Document, counter: LineCounter, path: ReadonlyArray<PropertyKey>): number {
  // Walk down as far as the path exists, so a missing key points at its parent.
  for (let depth = path.length; depth > 0; depth -= 1) {
    const node = doc.getIn(path.slice(0, depth) as unknown[], true) as { range?: [number, number] };
    if (node?.range) return counter.linePos(node.range[0]).line + 1;
    const parent =
      depth > 1 ? doc.getIn(path.slice(0, depth - 1) as unknown[], true) : doc.contents;
    if (isMap(parent)) {
      const pair = parent.items.find(
        (item) => isScalar(item.key) && item.key.value === path[depth - 1],
      );
      const keyRange = (pair?.key as { range?: [number, number] } | undefined)?.range;
      if (keyRange) return counter.linePos(keyRange[0]).line + 1;
    }
  }
  return 1;
}
