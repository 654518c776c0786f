import { DEFAULT_SITE_NAME } from '@quillpost/domain';

/**
 * Who the site is: its name, tagline and description, for the layout, page titles, structured
 * data and every page's description. The name is the domain's, which the API's mail and feeds
 * share; nothing in the web spells it.
 */
export const SITE_TITLE = DEFAULT_SITE_NAME;
export const SITE_TAGLINE = 'Notes on building, learning and writing';
export const SITE_DESCRIPTION = `${SITE_TITLE} writes about building software, learning in public and the craft of writing: essays, a journal, poetry, a bookshelf and a newsletter.`;
