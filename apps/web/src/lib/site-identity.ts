/**
 * Who the site is: its name, tagline and description, for the layout, page titles, structured
 * data and every page's description. Written here once; nothing else spells the name.
 */
export const SITE_TITLE = 'Rowan Ellis';
export const SITE_TAGLINE = 'Notes on building, learning and writing';
export const SITE_DESCRIPTION = `${SITE_TITLE} writes about building software, learning in public and the craft of writing: essays, a journal, poetry, a bookshelf and a newsletter.`;
