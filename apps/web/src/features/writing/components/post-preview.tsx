/**
 * The post as readers will get it: its title, date, featured image and body, the body rendered by
 * the site's own renderer a moment after typing stops. A chunk of its own, with the reading
 * pages' prose styles: the editor opens without them.
 */
import type { FrontMatterValues, WritingFile } from '@quillpost/domain';
import { useEffect, useState } from 'react';
import { useApiResource } from '../../../lib/use-api-resource';
import { useDates } from '../../../lib/use-dates';
import { ProseContent } from '../../content';
import { useWritingApi } from '../api/writing-api';

/** A featured image as the file names it ('images/x.jpg', '/content/…' or https). */
export function imageSource(value: string): string {
  return /^https?:|^\//.test(value) ? value : `/content/${value}`;
}

export default function PostPreview({
  kind,
  frontMatter,
  body,
  onClose,
}: {
  kind: WritingFile['kind'];
  frontMatter: FrontMatterValues;
  body: string;
  onClose(): void;
}) {
  const api = useWritingApi();
  const dates = useDates();
  const [settled, setSettled] = useState(body);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(body), 500);
    return () => clearTimeout(timer);
  }, [body]);
  const preview = useApiResource(
    `preview:${kind}:${settled}`,
    (_client, signal) => api.preview(kind, settled, { signal }),
    { keepDataWhileReloading: true },
  );
  const title = String(frontMatter.title ?? '');
  const date = frontMatter.date ? String(frontMatter.date) : '';
  const image = String(frontMatter.featured_image ?? frontMatter.cover ?? '');
  return (
    <section className="writing-preview" aria-label="Preview">
      <div className="writing-preview__bar">
        <h3>Preview</h3>
        <button type="button" className="button button--quiet" onClick={onClose}>
          Back to Writing
        </button>
      </div>
      <article className="writing-preview__page">
        {title ? <h1 className="writing-preview__title">{title}</h1> : null}
        {date ? (
          <p className="writing-preview__date">
            <time dateTime={dates.contentDay(date)}>{dates.contentDate(date)}</time>
          </p>
        ) : null}
        {image ? (
          <img
            className="writing-preview__image"
            src={imageSource(image)}
            alt={`Illustration for “${title}”`}
          />
        ) : null}
        {preview.status === 'ready' ? (
          <ProseContent html={preview.data.html} variant={kind === 'poem' ? 'verse' : 'prose'} />
        ) : preview.status === 'error' ? (
          <p role="alert">{preview.error.message}</p>
        ) : (
          <p role="status">Rendering…</p>
        )}
      </article>
    </section>
  );
}
