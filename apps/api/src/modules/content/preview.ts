import { readingMinutes, type ContentKind } from '@quillpost/domain';
import type { Db } from '../../db/connection.js';
import { contentImagePath, describeImage } from '../images/index.js';
import { renderMarkdown, type ImageLookup } from './markdown.js';

/**
 * A body as readers would get it once published: the sync's renderer, with the site's photos as
 * pictures. The editor's preview, so what the owner sees is what goes out.
 */
export function renderPreview(
  db: Db,
  contentDir: string,
  draft: { kind: ContentKind; body: string },
  now: string,
) {
  const images: ImageLookup = (src) => {
    const file = contentImagePath(src);
    return file ? describeImage(db, contentDir, file, now) : null;
  };
  const rendered = renderMarkdown(draft.body, { verse: draft.kind === 'poem', images });
  return {
    html: rendered.html,
    wordCount: rendered.wordCount,
    readingMinutes: readingMinutes(rendered.wordCount),
  };
}
