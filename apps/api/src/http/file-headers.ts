/**
 * The owner's files served as they are (an SVG drawing, their own favicon): should one ever carry
 * a script, opened on its own it runs nothing and loads nothing.
 */
export const INERT_FILE_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
} as const;
