import { useEffect } from 'react';
import { SITE_DESCRIPTION } from './site-identity';
import { formatDocumentTitle } from './page-head';

export interface DocumentMeta {
  /** Page title without the site name. */
  title?: string;
  description?: string;
}

/**
 * Titles the pages of the members area's own router (its not-found page included), which render
 * in the browser only: the route table's head (page-head.ts) names the area, this the page.
 */
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
