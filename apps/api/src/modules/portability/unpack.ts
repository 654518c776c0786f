/**
 * An export as files (issue 27): a folder, a single file, or a zip read with limits. A zip entry
 * that would land outside the import (`../x`, `/etc/x`), a bomb (an entry or the whole larger
 * than the limits, or expanding more than a hundredfold) or a broken archive is refused before
 * anything is written.
 */
import fs from 'node:fs';
import path from 'node:path';
import yauzl from 'yauzl';
import { ImportError } from './bundle.js';

export const ZIP_LIMITS = {
  entries: 50_000,
  entryBytes: 200 * 1024 * 1024,
  totalBytes: 1024 * 1024 * 1024,
  /** Expansion allowed for an entry over a megabyte; text compresses well, not this well. */
  ratio: 100,
};

/** The export's files by their path inside it ('/'-separated), read when asked for. */
export interface ExportFiles {
  names: string[];
  read(name: string): Buffer;
}

const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;

function walk(root: string, dir = root, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(root, full, found);
    else if (entry.isFile()) found.push(path.relative(root, full).split(path.sep).join('/'));
  }
  return found;
}

function unsafeName(name: string): boolean {
  return (
    name.startsWith('/') ||
    /^[a-zA-Z]:/.test(name) ||
    name.includes('\\') ||
    name.split('/').some((part) => part === '..')
  );
}

/** Every file of a zip, checked against the limits as it expands. */
async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false },
      (error, file) =>
        error ? reject(new ImportError(`Not a readable zip: ${error.message}`)) : resolve(file),
    ),
  );
  const files = new Map<string, Buffer>();
  let total = 0;
  return new Promise((resolve, reject) => {
    const fail = (message: string) => {
      zip.close();
      reject(new ImportError(message));
    };
    zip.on('error', (error: Error) => fail(`Not a readable zip: ${error.message}`));
    zip.on('end', () => resolve(files));
    zip.on('entry', (entry: yauzl.Entry) => {
      const name = entry.fileName;
      if (unsafeName(name)) return fail(`The zip holds an entry outside the import: ${name}`);
      if (files.size >= ZIP_LIMITS.entries) return fail('The zip holds too many files.');
      if (name.endsWith('/')) return zip.readEntry();
      const declared = entry.uncompressedSize;
      if (
        declared > ZIP_LIMITS.entryBytes ||
        (declared > 1024 * 1024 && declared > entry.compressedSize * ZIP_LIMITS.ratio)
      ) {
        return fail(`The zip entry ${name} expands too far (${declared} bytes): refused.`);
      }
      zip.openReadStream(entry, (error, stream) => {
        if (error) return fail(`The zip entry ${name} cannot be read: ${error.message}`);
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          total += chunk.length;
          // The whole, too, may not expand past the ratio: a thousand 1 MB entries of zeros are
          // each under the per-entry check.
          if (
            size > ZIP_LIMITS.entryBytes ||
            total > ZIP_LIMITS.totalBytes ||
            total > Math.max(bytes.length, 1024 * 1024) * ZIP_LIMITS.ratio
          ) {
            stream.destroy();
            fail('The zip expands past the size limit: refused.');
          } else chunks.push(chunk);
        });
        stream.on('error', (streamError: Error) =>
          fail(`The zip entry ${name} cannot be read: ${streamError.message}`),
        );
        stream.on('end', () => {
          files.set(name, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
}

/** A folder, a zip or one file, as the export's files. */
export async function openExport(location: string): Promise<ExportFiles> {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(location);
  } catch {
    throw new ImportError(`Nothing to import at ${location}.`);
  }
  if (stat.isDirectory()) {
    return {
      names: walk(location).sort(),
      read: (name) => fs.readFileSync(path.join(location, ...name.split('/'))),
    };
  }
  return exportOfBytes(path.basename(location), fs.readFileSync(location));
}

/** An uploaded file: a zip is opened, anything else is the one file it is. */
export async function exportOfBytes(name: string, bytes: Buffer): Promise<ExportFiles> {
  if (!isZip(bytes)) return { names: [name], read: () => bytes };
  const files = await unzip(bytes);
  // A zip of one folder (`substack-export/posts.csv`) reads as that folder.
  const names = [...files.keys()].filter((file) => !file.startsWith('__MACOSX/'));
  const top = new Set(names.map((file) => file.split('/')[0]));
  const prefix =
    top.size === 1 && names.every((file) => file.includes('/')) ? `${[...top][0]}/` : '';
  return {
    names: names.map((file) => file.slice(prefix.length)).sort(),
    read: (file) => files.get(prefix + file) ?? Buffer.alloc(0),
  };
}
