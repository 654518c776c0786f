/**
 * The words of the site's own that site.yml may replace: what each hub says about itself and how
 * the newsletter invites readers. These defaults name no one and promise nothing the owner did
 * not write; the spec's fixed texts stay in messages.ts. Zod-free, so every page may use them.
 */
export const HUB_NAMES = ['build', 'learn', 'write'] as const;
export type HubName = (typeof HUB_NAMES)[number];

export interface HubCopy {
  /** Above the hub page's title. */
  eyebrow: string;
  /** The hub page's opening paragraph. */
  intro: string;
  /** One sentence for the home page's cards and the meta description. */
  summary: string;
}

export interface SubscribeCopy {
  /** The invitation under the home page and the start page. */
  title: string;
  text: string;
  /** The invitation at the end of a post. */
  afterPostTitle: string;
  afterPostText: string;
  /** Under the subscribe dialog's title. */
  dialog: string;
}

export const DEFAULT_HUB_COPY: Readonly<Record<HubName, HubCopy>> = {
  build: {
    eyebrow: 'Software and projects',
    intro: 'Posts about building software, and the projects behind them.',
    summary: 'Posts about building software, and the projects.',
  },
  learn: {
    eyebrow: 'Reading and learning',
    intro: 'Notes from learning in public, and the books on the shelf.',
    summary: 'Notes from learning, and the books on the shelf.',
  },
  write: {
    eyebrow: 'Essays, journal and poetry',
    intro: 'Essays, a journal and poems.',
    summary: 'Essays, a journal and poems.',
  },
};

export const DEFAULT_SUBSCRIBE_COPY: Readonly<SubscribeCopy> = {
  title: 'The newsletter',
  text: 'New writing by email. No tracking, and you can leave with one click.',
  afterPostTitle: 'Enjoyed this?',
  afterPostText: 'New writing arrives by email. No tracking, one-click unsubscribe.',
  // The consent line under the form says promotional updates may arrive: this must not deny it.
  dialog: 'New writing by email, and now and then an update about the site.',
};
