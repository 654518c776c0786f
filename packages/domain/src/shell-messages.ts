/**
 * The texts every page of the web can show before anything is clicked: the splash, the page
 * loading line, the header's buttons and next steps, Try Again, and the transport failures of
 * the HTTP client; plus the message templates. They live apart from the full catalogue in
 * messages.ts (which includes every one of them) only so that the web's first load can import
 * these without the rest: a bundler keeps or drops a module whole, and the catalogue is ~3 kB
 * gzip. Texts quoted in the product spec are copied verbatim.
 */
export const SHELL_MESSAGES = {
  // Section 2: splash and loading.
  SPLASH_TITLE: 'Launching the site',
  SPLASH_SUBTITLE: 'Preparing your experience...',
  PAGE_LOADING: 'Loading page...',
  TRY_AGAIN: 'Try Again',

  // Section 3: the auth user's subscription_status label ('active' vs anything else).
  MEMBER_STATUS_ACTIVE: 'Active Member',
  MEMBER_STATUS_SUBSCRIBER: 'Subscriber',

  // Section 4: header buttons and next-step messages.
  SUBSCRIBE: 'Subscribe',
  SIGN_IN: 'Sign In',
  SIGN_UP: 'Sign Up',
  SUBSCRIBED: '✓ Subscribed',
  SENT: 'Sent!',
  NEXT_STEP_ANONYMOUS: 'Subscribe for updates or sign in to access your account',
  NEXT_STEP_VERIFY_SUBSCRIPTION: 'Please check your email and verify your subscription',
  NEXT_STEP_CREATE_ACCOUNT: 'Create an account to unlock commenting, bookmarks, and more',
  NEXT_STEP_SUBSCRIBE: 'Subscribe to our newsletter for exclusive content and updates',

  // Section 8: what the HTTP client says when there is no usable answer.
  NETWORK_ERROR: 'Network error occurred',
  RESPONSE_SUCCESS: 'Success',
  REQUEST_FAILED: 'Request failed',
} as const;

/** Texts with a value inside, from sections 2, 4, 3 and 8. */
export const messageTemplates = {
  magicLinkSent: (email: string): string =>
    `Magic link sent! Check your email at ${email} for the login link.`,
  welcome: (name?: string | null): string => `Welcome, ${name?.trim() || 'User'}!`,
  failedToFetchPost: (status: number | string): string => `Failed to fetch post: ${status}`,
  memberStatus: (subscriptionStatus: string | null | undefined): string =>
    subscriptionStatus === 'active'
      ? SHELL_MESSAGES.MEMBER_STATUS_ACTIVE
      : SHELL_MESSAGES.MEMBER_STATUS_SUBSCRIBER,
  copyright: (year: number, owner: string): string => `© ${year} ${owner}`,
  roleChanged: (from: string, to: string, when: string): string =>
    `Your role changed from ${from} to ${to} on ${when}, so you were signed out on every device. You are now signed in as ${to}.`,
} as const;
