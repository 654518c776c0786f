/**
 * The browser's ContentReader: route loaders read content through the API's read endpoints, by
 * name from the catalogue. On the server the API builds the same reader over an in-process call
 * of the same endpoints, so a page's data is fetched one way and shaped once.
 */
import { contentReaderOver, type ContentReader } from '@quillpost/domain';
import type { ApiClient } from '../../../lib/api-client';

export interface HttpContentReaderOptions {
  /** The cache-busting timestamp of spec section 9; the current time unless a test fixes it. */
  now?: () => number;
}

export function createHttpContentReader(
  api: ApiClient,
  { now = Date.now }: HttpContentReaderOptions = {},
): ContentReader {
  return contentReaderOver((name, options) => api.call(name, options as never), now);
}
