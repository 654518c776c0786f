/**
 * Images that are fast and private (docs/decisions/0017): every photo the site serves is a set of
 * variants made by sharp (upright, no metadata, sRGB, at most 2400 px) in the widths and formats a
 * browser picks from; the owner's own files are never sent as they are. sharp runs only in the
 * image worker, a process of low priority (worker-process.ts): other modules draw through it.
 */
export { createImagePipeline, imageVariantsDir, type ImagePipeline } from './pipeline.js';
export { createImageWorker, type ImageWorker } from './worker-process.js';
export { imageRoutes, SERVED_AS_THEY_ARE } from './routes.js';
export { imageUploadRoutes } from './upload-routes.js';
export {
  contentImageFile,
  contentImagePath,
  describeImage,
  imagesFingerprint,
  imagesFolder,
  imagesReferencedBy,
  isRasterImage,
} from './sources.js';
export { pictureHtml, plainImages } from './picture.js';
export { mailImage, type MailImage } from './renditions.js';
