/** An export read by its source's reader (issue 27). */
import { ImportError, type ImportBundle, type ImportSource } from './bundle.js';
import { readArchive } from './readers/archive.js';
import { readGhost } from './readers/ghost.js';
import { readSubscriberList, type ColumnMap } from './readers/subscriber-list.js';
import { readSubstack } from './readers/substack.js';
import { readWordPress } from './readers/wordpress.js';
import type { ExportFiles } from './unpack.js';

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
}
