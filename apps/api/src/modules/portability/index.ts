/**
 * Moving in and out (issue 27): imports from Substack, Ghost, WordPress and any subscriber list,
 * and the site's own archive, which it also writes. The CLI (`pnpm data`) and the console use
 * these names.
 */
import { emptyBundle, ImportError, type ImportBundle, type ImportSource } from './bundle.js';
import { readArchive } from './readers/archive.js';
import { readGhost } from './readers/ghost.js';
import { readSubscriberList, type ColumnMap } from './readers/subscriber-list.js';
import { readSubstack } from './readers/substack.js';
import { readWordPress } from './readers/wordpress.js';
import type { ExportFiles } from './unpack.js';

export { IMPORT_SOURCES, ImportError, type ImportSource } from './bundle.js';
export { runImport, type ImportOptions, type ImportReport } from './apply.js';
export { exportEverything } from './export.js';
export { exportOfBytes, openExport, type ExportFiles } from './unpack.js';
export { fetchRemoteImage } from './remote-images.js';
export type { ColumnMap } from './readers/subscriber-list.js';

/** The export read by its source's reader: what it holds, and what could not be read. */
export function readExport(
  source: ImportSource,
  files: ExportFiles,
  map: ColumnMap = {},
): ImportBundle {
  if (files.names.length === 0) throw new ImportError('The export is empty.');
  switch (source) {
    case 'substack':
      return readSubstack(files);
    case 'ghost':
      return readGhost(files);
    case 'wordpress':
      return readWordPress(files);
    case 'csv':
      return readSubscriberList(files, map);
    case 'archive':
      return readArchive(files);
  }
  return emptyBundle();
}
