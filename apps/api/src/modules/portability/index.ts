/**
 * Moving in and out (issue 27): imports from Substack, Ghost, WordPress and any subscriber list,
 * and the site's own archive, which it also writes. The CLI (`pnpm data`) and the console use
 * these names.
 */
export { IMPORT_SOURCES, ImportError, type ImportSource } from './bundle.js';
export { readExport } from './read-export.js';
export { runImport, type ImportOptions } from './apply.js';
export type { ImportReport } from '@quillpost/domain';
export { exportEverything } from './export.js';
export { dataFolder, portabilityRoutes } from './routes.js';
export { exportOfBytes, openExport, type ExportFiles } from './unpack.js';
export { importStagingRoot, sweepImportLeftovers } from './staging.js';
export { fetchRemoteImage, remoteImageFetcher } from './remote-images.js';
export type { ColumnMap } from './readers/subscriber-list.js';
export { listedStanding, reasonOfOne } from './readers/not-subscribed.js';
