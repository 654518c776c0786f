/**
 * The Markdown files as the editor sees them: read with a version (the SHA-256 of their bytes),
 * composed back from front matter and body keeping the owner's comments and key order, and
 * written atomically, so a reader, the watcher or git never sees half a file.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isMap, parseDocument, stringify } from 'yaml';

export function versionOf(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** `relative` (already checked against contentFilePathSchema) inside CONTENT_DIR. */
export function contentFile(contentDir: string, relative: string): string {
  return path.join(contentDir, ...relative.split('/'));
}

export function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)^---[ \t]*\r?\n?/m;

/**
 * A file of `frontMatter` and `body`. When `previous` had front matter, its YAML document is
 * edited in place: keys the owner wrote keep their comments and order, new keys go last, keys
 * left out are removed.
 */
export function composeFile(
  previous: string | null,
  frontMatter: Record<string, unknown>,
  body: string,
): string {
  const match = previous ? FRONT_MATTER.exec(previous) : null;
  const document = match ? parseDocument(match[1]!) : null;
  let yaml: string;
  if (document && isMap(document.contents) && document.errors.length === 0) {
    for (const item of [...document.contents.items]) {
      const key = String((item.key as { value?: unknown } | null)?.value ?? item.key);
      if (!(key in frontMatter)) document.delete(key);
    }
    for (const [key, value] of Object.entries(frontMatter)) {
      if (JSON.stringify(document.get(key, false)) !== JSON.stringify(value)) {
        document.set(key, value);
      }
    }
    yaml = document.toString({ lineWidth: 0 });
  } else {
    yaml = stringify(frontMatter, { lineWidth: 0 });
  }
  const text = body.replace(/\s+$/, '');
  return text ? `---\n${yaml}---\n\n${text}\n` : `---\n${yaml}---\n`;
}
