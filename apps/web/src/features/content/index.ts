/**
 * The reading pages' public face for other features: the not-found page, which the members area
 * shows for a path it does not know. Only this: whatever is exported here loads with it.
 */
export { default as NotFoundPage } from './pages/not-found-page';
