import { useEffect } from 'react';
import { SITE_DESCRIPTION, SITE_TITLE } from '../app/site';

export interface DocumentMeta {
  /** Page title without the site name; omit on the home page. */
  title?: string;
  description?: string;
}

export function formatDocumentTitle(title?: string): string {
  return title ? `${title} · ${SITE_TITLE}` : SITE_TITLE;
}

/** Sets document.title and the meta description for the current page. */
export function useDocumentMeta({ title, description }: DocumentMeta): void {
  useEffect(() => {
    document.title = formatDocumentTitle(title);
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description ?? SITE_DESCRIPTION;
  }, [title, description]);
}
