/**
 * The reading pages' public face for other features: the not-found page, which the members area
 * shows for a path it does not know, and the prose of the owner's writing, which the editor's
 * preview shows as readers will, and what each kind of search result is called (the header's
 * search). Only these: whatever is exported here loads with it.
 */
export { default as NotFoundPage } from './pages/not-found-page';
export { ProseContent } from './components/prose-content';
export { SEARCH_KIND_LABELS } from './search-kinds';
