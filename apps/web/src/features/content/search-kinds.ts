import type { SearchResponse } from '@quillpost/domain';

/** What a search result is, in words: the header's list and the search page say it alike. */
export const SEARCH_KIND_LABELS: Record<SearchResponse['results'][number]['kind'], string> = {
  post: 'Post',
  journal: 'Journal',
  poem: 'Poem',
  book: 'Book',
  project: 'Project',
  page: 'Page',
};
