/**
 * What the site counts about its readers, in words, made from its settings (issue 25): the
 * privacy page shows it where the owner's text says `{{ what this site counts }}`, and the README
 * carries it for the defaults, so neither can say something the software does not do.
 */

/** The line in a privacy page that the paragraphs below replace. */
export const COUNTING_MARKER = '{{ what this site counts }}';

export interface CountingSettings {
  /** ANALYTICS: page views and feed fetches are counted at all. */
  analytics: boolean;
  /** ANALYTICS_RETENTION_DAYS: how long each view is kept before only day totals remain. */
  retentionDays: number;
  /** The console's setting: newsletter links go through the site's click counter. */
  newsletterClickCounting: boolean;
}

/** The paragraphs, in plain text (no markup): the page escapes them, the README quotes them. */
export function countingDisclosure(settings: CountingSettings): string[] {
  const days = `${settings.retentionDays} day${settings.retentionDays === 1 ? '' : 's'}`;
  const views = settings.analytics
    ? [
        'The site counts page views itself, without cookies and without any outside service. For each view it keeps the day and hour, the page, the name of the site you came from (not its full address), the campaign tags of the link you followed (utm_source, utm_medium, utm_campaign), whether you read on a phone, a tablet or a computer, and the names of your browser and operating system.',
        'A visitor is a code made from your IP address and your browser’s description with a random key that is kept only in the server’s memory, never on its disk nor in its backups, and replaced every day, so no view can be linked to you or to another day. A restart of the server replaces the key too, so a visit before and after a restart on the same day counts as two visitors. Your IP address and your browser’s description are never stored, and nothing is stored in your browser. If your browser sends Global Privacy Control or Do Not Track, your view is counted and you are not. Bots, link previews, pages loaded ahead of a click and the owner’s own visits are not counted.',
        `Each view is kept for ${days}; after that only each day’s totals remain. Fetches of the site’s feeds are counted per day and per feed reader, with the number of subscribers a feed service states.`,
      ]
    : ['The site does not count page views or feed fetches.'];
  return [
    ...views,
    'When you subscribe or create an account, the page of this site you did it from is kept with your subscription or account, so the owner can see which writing brings readers.',
    settings.newsletterClickCounting
      ? 'Links in newsletter issues go through this site, which counts clicks per link and per day, never who clicked: a code made from your IP address and your browser’s description with a random key kept only in the server’s memory tells a second click on the same link that day from a first, so each reader counts once a day. A link to one of this site’s pages arrives with “utm_source=newsletter” added, the same for every reader, so the visit counts as coming from the newsletter; nothing is added to other sites’ addresses. Opening a newsletter is not tracked.'
      : 'Links in newsletter issues go straight to their address: neither clicks nor opens are counted.',
  ];
}
