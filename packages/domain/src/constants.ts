/** Business constants and limits of spec section 9, plus limits the API and web share. */
import type { RoleLevel } from './roles.js';

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

// Security check (Turnstile)
/** If the widget has produced neither a token nor an error by then, submitting is allowed anyway. */
export const SECURITY_CHECK_TIMEOUT_MS = 30_000;
export const SECURITY_CHECK_STATES = ['loading', 'token-received', 'error', 'timed-out'] as const;
export type SecurityCheckState = (typeof SECURITY_CHECK_STATES)[number];
/** Cloudflare's documented Turnstile test site keys and what each one does. */
export const TURNSTILE_TEST_SITE_KEYS = {
  '1x00000000000000000000AA': 'pass',
  '1x00000000000000000000BB': 'pass-invisible',
  '2x00000000000000000000AB': 'block',
  '2x00000000000000000000BB': 'block-invisible',
  '3x00000000000000000000FF': 'interactive',
} as const;
export type TurnstileTestBehaviour =
  (typeof TURNSTILE_TEST_SITE_KEYS)[keyof typeof TURNSTILE_TEST_SITE_KEYS];
/** The site key used in development and tests (always passes). */
export const TURNSTILE_DEFAULT_TEST_SITE_KEY = '1x00000000000000000000AA';
/** The token every test site key hands out; the test secret keys accept it. */
export const TURNSTILE_DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

export function turnstileTestBehaviour(siteKey: string): TurnstileTestBehaviour | null {
  return Object.hasOwn(TURNSTILE_TEST_SITE_KEYS, siteKey)
    ? TURNSTILE_TEST_SITE_KEYS[siteKey as keyof typeof TURNSTILE_TEST_SITE_KEYS]
    : null;
}

// Sign-in
export const OAUTH_POPUP = {
  width: 500,
  height: 600,
  pollIntervalMs: 1000,
  timeoutMs: 5 * MINUTE_MS,
} as const;
export const OAUTH_POPUP_OUTCOMES = ['success', 'error', 'closed', 'timeout'] as const;
export type OAuthPopupOutcome = (typeof OAUTH_POPUP_OUTCOMES)[number];
/** On mobile the page redirects instead of opening a popup, after this delay. */
export const MOBILE_REDIRECT_DELAY_MS = 100;
/** An oauth_in_progress marker older than this is stale and cleared. */
export const OAUTH_MARKER_MAX_AGE_MS = 5 * MINUTE_MS;
export const MAGIC_LINK_FORM_STATES = ['closed', 'open', 'sending', 'sent', 'error'] as const;
export type MagicLinkFormState = (typeof MAGIC_LINK_FORM_STATES)[number];

// Subscribe
export const SUBSCRIBE_REDIRECT_DELAY_MS = 1500;
export const RESEND_SENT_STATUS_MS = 10_000;
export const MAGIC_LINK_RESEND_FLAG_MS = 10_000;
export const SUBSCRIBE_POPUP_POSITIONS = ['center', 'top', 'header', 'below-header'] as const;
export type SubscribePopupPosition = (typeof SUBSCRIBE_POPUP_POSITIONS)[number];
export const SUBSCRIBE_FORM_STEPS = ['email', 'details', 'loading', 'success', 'error'] as const;
export type SubscribeFormStep = (typeof SUBSCRIBE_FORM_STEPS)[number];

// Field limits
export const MIN_NAME_LENGTH = 2;
export const NAME_MAX_LENGTH = 100;
/** RFC 5321 path limit. */
export const EMAIL_MAX_LENGTH = 254;

// Menus and layout
export const MENU_SCROLL_THRESHOLD_PX = 130;
export const USER_DROPDOWN_MAX_ITEMS = 4;
export const USER_SIDEBAR_WIDTH_PX = 320;
export const USER_OVERLAY_MAX_WIDTH_PX = 320;
export const DESKTOP_MIN_WIDTH_PX = 1024;
export const USER_MENU_DESKTOP_WIDTH_PX = 448;
const USER_MENU_VIEWPORT_MARGIN_PX = 32;

/** Width of the desktop user menu: 448 px, or the viewport minus 32 px when 448 px does not fit. */
export function userMenuDesktopWidth(viewportWidth: number): number {
  const available = Math.max(0, viewportWidth - USER_MENU_VIEWPORT_MARGIN_PX);
  return Math.min(USER_MENU_DESKTOP_WIDTH_PX, available);
}

// Ports
export const API_PORT = 8787;
export const WEB_DEV_PORT = 5173;

// Books (GET /api/books, contracts/content.ts)
export const BOOK_STATUSES = ['reading', 'read', 'want-to-read'] as const;
export type BookStatus = (typeof BOOK_STATUSES)[number];
/**
 * The two shelves of spec section 2: the bookshelf (/bookshelf) holds what is being read and has
 * been read; the reading list (/list) holds what is wanted next.
 */
export const BOOK_LISTS = {
  bookshelf: ['reading', 'read'],
  'reading-list': ['want-to-read'],
} as const satisfies Record<string, readonly BookStatus[]>;
export type BookList = keyof typeof BOOK_LISTS;

// Newsletter sections (contracts/subscriptions.ts): here, zod-free, so the manage page reads
// them without loading the subscription schemas.
export const NEWSLETTER_SECTIONS = ['build', 'learn', 'write', 'journal', 'poetry'] as const;
export type NewsletterSection = (typeof NEWSLETTER_SECTIONS)[number];

/** Each section as a subscriber chooses it (the manage page, Account) and the owner reads it. */
export const NEWSLETTER_SECTION_LABELS: Readonly<Record<NewsletterSection, string>> = {
  build: 'Build: projects and tools',
  learn: 'Learn: books and notes',
  write: 'Write: essays and posts',
  journal: 'Journal entries',
  poetry: 'Poetry',
};

export const DEFAULT_NEWSLETTER_PREFERENCES: Readonly<Record<NewsletterSection, boolean>> = {
  build: true,
  learn: true,
  write: true,
  journal: true,
  poetry: true,
};

// Loading animation
export const LOADING_ANIMATION = {
  variants: ['rocket', 'pulse', 'typewriter', 'books', 'documents', 'grid', 'wave'],
  sizes: ['small', 'medium', 'large'],
} as const;
export type LoadingAnimationVariant = (typeof LOADING_ANIMATION.variants)[number];
export type LoadingAnimationSize = (typeof LOADING_ANIMATION.sizes)[number];
export const TYPEWRITER = { charIntervalMs: 100, pauseMs: 2 * SECOND_MS } as const;

/** Progress of the loading animation, clamped to 0-100 (non-numbers count as 0). */
export function clampProgress(progress: number): number {
  if (Number.isNaN(progress)) return 0;
  return Math.min(100, Math.max(0, progress));
}

// Tokens and sessions
export const VERIFICATION_TOKEN_TTL_MS = 24 * HOUR_MS;
export const MAGIC_LINK_TTL_MS = 10 * MINUTE_MS;
export const MAGIC_CODE_MAX_ATTEMPTS = 5;

export interface SessionPolicy {
  /** The session ends this long after sign-in, however active it is. */
  absoluteTtlMs: number;
  /** The session ends after this long without a request; null means no idle limit. */
  idleTimeoutMs: number | null;
}

export const MEMBER_SESSION_POLICY: SessionPolicy = {
  absoluteTtlMs: 30 * DAY_MS,
  idleTimeoutMs: null,
};
/** Staff sessions can hide, delete and ban, so they live shorter. */
export const STAFF_SESSION_POLICY: SessionPolicy = {
  absoluteTtlMs: 12 * HOUR_MS,
  idleTimeoutMs: 30 * MINUTE_MS,
};

/** Session lifetime by level. Only signed-in levels hold sessions; the rest get the member policy. */
export function sessionPolicyFor(level: RoleLevel): SessionPolicy {
  return level === 'moderator' || level === 'admin' ? STAFF_SESSION_POLICY : MEMBER_SESSION_POLICY;
}
