import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A throwaway CONTENT_DIR: write, change and delete Markdown files, then `cleanup`. */
export function createContentFolder(files: Record<string, string> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-content-'));
  const folder = {
    dir,
    write(relative: string, text: string | Uint8Array) {
      const file = path.join(dir, relative);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
    },
    remove(relative: string) {
      fs.rmSync(path.join(dir, relative));
    },
    rename(from: string, to: string) {
      fs.renameSync(path.join(dir, from), path.join(dir, to));
    },
    cleanup() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  for (const [relative, text] of Object.entries(files)) folder.write(relative, text);
  return folder;
}

/** A Markdown file: front matter lines (YAML, written as given) and a body. */
export function markdown(frontMatter: string, body = 'Some words of body text.'): string {
  return `---\n${frontMatter.trim()}\n---\n\n${body}\n`;
}

export function post(
  title: string,
  options: { date?: string; category?: string; extra?: string; body?: string } = {},
): string {
  return markdown(
    [
      `title: ${JSON.stringify(title)}`,
      `date: ${options.date ?? '2025-06-01'}`,
      `category: ${options.category ?? 'build'}`,
      options.extra ?? '',
    ].join('\n'),
    options.body ?? `The body of ${title}, with enough words to read.`,
  );
}
