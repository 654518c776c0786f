/** What the server writes into a reading page for its islands, and what the browser reads back. */

/** The JSON element with the root route's data (the site), which islands read through useSite. */
export const ISLAND_DATA_ELEMENT_ID = 'island-data';

/** Query parameters any page may carry that the shell acts on (src/app/url-signals.tsx). */
export const URL_SIGNAL_PARAMS = /[?&](verify|verified|verify_error|unsubscribed)=/;
