/**
 * An export as files (issue 27): a folder, a single file, or a zip read with limits. A zip entry
 * that would land outside the import (`../x`, `/etc/x`), a bomb (an entry or the whole larger
 * than the limits, or expanding more than a hundredfold) or a broken archive is refused before
 * anything is written. A zip's entries are streamed to a staging folder on disk, each under a
 * number rather than its name, and read from there when asked for: a zip never sits unpacked in
 * memory.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { ImportError } from './bundle.js';
import { stagingFolder, TEMPORARY_STAGING } from './staging.js';

export const ZIP_LIMITS = {
  entries: 50_000,
  entryBytes: 200 * 1024 * 1024,
  /**
   * All a zip may unpack to, on disk: what a small server's disk spares beside the site, as an
   * archive's files are staged once more on their way into the content folder.
   */
  totalBytes: 1024 * 1024 * 1024,
  /** Expansion allowed for an entry over a megabyte; text compresses well, not this well. */
  ratio: 100,
};

const PAST_THE_LIMIT = `The zip expands past the size limit (${ZIP_LIMITS.totalBytes / 1024 / 1024} MB unpacked, or ${ZIP_LIMITS.ratio} times its own size): refused.`;

/** The export's files by their path inside it ('/'-separated), read when asked for. */
export interface ExportFiles {
  names: string[];
  read(name: string): Buffer;
  /** Copies a file to `target` without reading it into memory. */
  copy(name: string, target: string): void;
  /** Removes what unpacking put on disk; a folder or a single file has nothing to remove. */
  close(): void;
}

const ZIP_SIGNATURE = 0x04034b50;
const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === ZIP_SIGNATURE;

function startsAsZip(file: string): boolean {
  const head = Buffer.alloc(4);
  const fd = fs.openSync(file, 'r');
  try {
    return isZip(head.subarray(0, fs.readSync(fd, head, 0, 4, 0)));
  } finally {
    fs.closeSync(fd);
  }
}

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

type ZipSource = { bytes: Buffer } | { file: string; size: number };

function openZip(source: ZipSource): Promise<yauzl.ZipFile> {
  const options = {
    lazyEntries: true,
    autoClose: false,
    validateEntrySizes: true,
    strictFileNames: false,
  };
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, zip: yauzl.ZipFile) =>
      error ? reject(new ImportError(`Not a readable zip: ${error.message}`)) : resolve(zip);
    if ('bytes' in source) yauzl.fromBuffer(source.bytes, options, done);
    else yauzl.open(source.file, options, done);
  });
}

/**
 * Every file of a zip, checked against the limits as it expands, streamed into `into` (as
 * `0`, `1`…): its name in the zip -> its file on disk.
 */
async function unzip(source: ZipSource, into: string): Promise<Map<string, string>> {
  const zip = await openZip(source);
  const size = 'bytes' in source ? source.bytes.length : source.size;
  const files = new Map<string, string>();
  let count = 0;
  let total = 0;
  return new Promise((resolve, reject) => {
    let failed = false;
    const fail = (message: string) => {
      if (failed) return;
      failed = true;
      zip.close();
      reject(new ImportError(message));
    };
    zip.on('error', (error: Error) => fail(`Not a readable zip: ${error.message}`));
    zip.on('end', () => {
      zip.close();
      resolve(files);
    });
    zip.on('entry', (entry: yauzl.Entry) => {
      const name = entry.fileName;
      if (unsafeName(name)) return fail(`The zip holds an entry outside the import: ${name}`);
      if (count >= ZIP_LIMITS.entries) return fail('The zip holds too many files.');
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
        let entrySize = 0;
        // The whole, too, may not expand past the ratio: a thousand 1 MB entries of zeros are
        // each under the per-entry check.
        const limited = new Transform({
          transform(chunk: Buffer, _encoding, next) {
            entrySize += chunk.length;
            total += chunk.length;
            const over =
              entrySize > ZIP_LIMITS.entryBytes ||
              total > ZIP_LIMITS.totalBytes ||
              total > Math.max(size, 1024 * 1024) * ZIP_LIMITS.ratio;
            next(over ? new ImportError(PAST_THE_LIMIT) : null, chunk);
          },
        });
        const file = path.join(into, String(count));
        count += 1;
        pipeline(stream, limited, fs.createWriteStream(file)).then(
          () => {
            files.set(name, file);
            zip.readEntry();
          },
          (failure: Error) =>
            fail(
              failure instanceof ImportError
                ? failure.message
                : `The zip entry ${name} cannot be read: ${failure.message}`,
            ),
        );
      });
    });
    zip.readEntry();
  });
}

/** A zip's files, unpacked into a staging folder of their own under `stagingRoot`. */
async function unpacked(source: ZipSource, stagingRoot: string): Promise<ExportFiles> {
  const into = stagingFolder(stagingRoot);
  const close = () => fs.rmSync(into, { recursive: true, force: true });
  let files: Map<string, string>;
  try {
    files = await unzip(source, into);
  } catch (error) {
    close();
    throw error;
  }
  // A zip of one folder (`substack-export/posts.csv`) reads as that folder.
  const names = [...files.keys()].filter((file) => !file.startsWith('__MACOSX/'));
  const top = new Set(names.map((file) => file.split('/')[0]));
  const prefix =
    top.size === 1 && names.every((file) => file.includes('/')) ? `${[...top][0]}/` : '';
  const onDisk = (name: string) => files.get(prefix + name);
  return {
    names: names.map((file) => file.slice(prefix.length)).sort(),
    read: (name) => {
      const file = onDisk(name);
      return file ? fs.readFileSync(file) : Buffer.alloc(0);
    },
    copy: (name, target) => {
      const file = onDisk(name);
      if (file) fs.copyFileSync(file, target);
      else fs.writeFileSync(target, '');
    },
    close,
  };
}

/**
 * A folder, a zip or one file, as the export's files. A zip is read from its file and unpacked
 * under `stagingRoot` (the server and the CLI give the data folder's) until `close`.
 */
export async function openExport(
  location: string,
  stagingRoot = TEMPORARY_STAGING,
): Promise<ExportFiles> {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(location);
  } catch {
    throw new ImportError(`Nothing to import at ${location}.`);
  }
  if (stat.isDirectory()) {
    const inFolder = (name: string) => path.join(location, ...name.split('/'));
    return {
      names: walk(location).sort(),
      read: (name) => fs.readFileSync(inFolder(name)),
      copy: (name, target) => fs.copyFileSync(inFolder(name), target),
      close: () => undefined,
    };
  }
  if (startsAsZip(location)) return unpacked({ file: location, size: stat.size }, stagingRoot);
  return exportOfBytes(path.basename(location), fs.readFileSync(location), stagingRoot);
}

/** An uploaded file: a zip is unpacked under `stagingRoot`, anything else is the one file it is. */
export async function exportOfBytes(
  name: string,
  bytes: Buffer,
  stagingRoot = TEMPORARY_STAGING,
): Promise<ExportFiles> {
  if (isZip(bytes)) return unpacked({ bytes }, stagingRoot);
  return {
    names: [name],
    read: () => bytes,
    copy: (_name, target) => fs.writeFileSync(target, bytes),
    close: () => undefined,
  };
}
