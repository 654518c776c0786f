/** Site identity used by the layout and page titles. */
export const SITE_TITLE = 'Rowan Ellis';
export const SITE_TAGLINE = 'Notes on building, learning and writing';
export const SITE_DESCRIPTION =
  'Rowan Ellis writes about building software, learning in public and the craft of writing: essays, a journal, poetry, a bookshelf and a newsletter.';
