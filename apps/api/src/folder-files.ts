import fs from 'node:fs';
import path from 'node:path';

/**
 * Every regular file under a folder, as absolute paths, never through a symbolic link: a link in
 * the content folder must not pull in files from elsewhere on the machine, nor loop. Node 24's
 * `readdirSync(dir, { recursive: true })` descends into linked folders (Node 20's did not), so the
 * walk is written out.
 */
export function filesUnder(dir: string): string[] {
  const files: string[] = [];
  const visit = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.isFile()) files.push(full);
    }
  };
  if (fs.existsSync(dir)) visit(dir);
  return files;
}

/**
 * Written beside and renamed over: the file is the old one or the new one, never a mix, and a
 * reader or the content sync never meets half of it. The temporary name is a dot-file, which the
 * sync and the export pass by.
 */
export function writeAtomically(file: string, data: string | Uint8Array): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  fs.writeFileSync(temporary, data);
  fs.renameSync(temporary, file);
}
