/**
 * Worker threads of the API process: work that would otherwise sit between page requests (bulk
 * mail, fediverse deliveries) runs beside them, on the same process and database file.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { pathToFileURL } from 'node:url';

/**
 * The eval'd entry of a thread that runs the module `file` beside `callerUrl`. From src/ (tsx,
 * tests) it registers tsx's loader first (its package maps `require` to the .cjs twin of the same
 * file) and loads the .ts file; from dist/ it is plain JS. Production runs dist/ with no
 * development packages installed, tsx among them.
 */
export function threadEntry(callerUrl: string, file: string): string {
  const fromSource = callerUrl.endsWith('.ts');
  const module = JSON.stringify(new URL(`./${file}.${fromSource ? 'ts' : 'js'}`, callerUrl).href);
  if (!fromSource) return `import(${module});`;
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  return `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${module}); });`;
}

/**
 * Linux gives every thread a nice value of its own: the calling thread steps back, so that when
 * the cores are busy the thread answering page requests runs first and this one takes what is
 * left. Elsewhere (no /proc/thread-self) it stays as it is.
 */
export function yieldToTheSite(): void {
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, 10);
  } catch {
    // Not Linux, or not allowed: the thread keeps the process's priority.
  }
}
