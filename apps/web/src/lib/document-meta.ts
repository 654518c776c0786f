import { useEffect } from 'react';
import { formatDocumentTitle } from './page-head';
import { useSite } from './use-site';

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
  const site = useSite();
  useEffect(() => {
    document.title = formatDocumentTitle(site, title);
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description ?? site.description;
  }, [site, title, description]);
}
