/**
 * Every user-facing text of the product, keyed by a stable code.
 *
 * The key is the error code the API sends (`{ success: false, code, message }`); the web shows
 * `MESSAGES[code]` and never inspects the English text. Texts quoted in the product spec are
 * copied verbatim; texts marked "ours" have no spec counterpart and are written for the API.
 */
import { SHELL_MESSAGES } from './shell-messages.js';

export { SHELL_MESSAGES, messageTemplates } from './shell-messages.js';

export const MESSAGES = {
  // Splash, page loading, Try Again, member status labels, header buttons, next steps and the
  // HTTP client's transport failures (sections 2, 3, 4 and 8): see shell-messages.ts.
  ...SHELL_MESSAGES,

  // Section 2: dialogs and forms.
  SIGN_IN_TITLE: 'Sign in to your account',
  SIGNING_IN: 'Signing you in...',
  ACCOUNT_SETUP_COMPLETE: 'Account setup complete.',
  SUBSCRIPTION_FAILED_TITLE: 'Subscription Failed',
  CANCEL: 'Cancel',
  BACK: 'Back',
  SIGN_OUT: 'Sign Out',
  DASHBOARD: 'Dashboard',
  CONSENT_TEXT:
    'By subscribing, you agree to our Privacy Policy and Terms of Service, and you may receive promotional updates.',
  ACCOUNT: 'Account',

  // Section 5: validation.
  EMAIL_REQUIRED: 'Email is required',
  EMAIL_INVALID: 'Please enter a valid email address',
  NAME_TOO_SHORT: 'Name must be at least 2 characters',
  SECURITY_CHECK_PENDING: 'Security verification in progress. Please wait a moment and try again.',
  NO_SUBSCRIPTION_EMAIL: 'No subscription email found',

  // Section 8: error catalogue.
  SERVERS_UNAVAILABLE: 'Both local and fallback servers unavailable',
  INTERNAL_ERROR: 'Something went wrong. Please try again.',
  SUBSCRIPTION_FAILED: 'Subscription failed',
  POPUP_BLOCKED: 'Popup blocked. Please allow popups and try again.',
  OAUTH_POPUP_CLOSED: 'OAuth popup was closed',
  OAUTH_TIMEOUT: 'OAuth timeout',
  AUTHENTICATION_FAILED: 'Authentication failed',
  MEMBERSHIP_INIT_FAILED: 'Failed to initialize membership',
  LOGOUT_FAILED: 'Logout failed',
  VERIFICATION_FAILED: 'Verification failed',
  UNSUBSCRIBE_FAILED: 'Unsubscribe failed',
  SUBSCRIPTION_STATUS_CHECK_FAILED: 'Failed to check subscription status',
  RESEND_VERIFICATION_FAILED: 'Failed to resend verification email',
  PROFILE_UPDATE_FAILED: 'Failed to update profile',
  PREFERENCES_UPDATE_FAILED: 'Failed to update preferences',
  ACCOUNT_DELETE_FAILED: 'Failed to delete account',
  SECURITY_CHECK_FAILED: 'Security verification failed. Please try again.',
  SECURITY_CHECK_INIT_FAILED: 'Failed to initialise security verification',
  CONFIRMATION_SENT: 'Confirmation email sent successfully. Please check your inbox.',
  CONFIRMATION_SEND_FAILED: 'Failed to send confirmation email',
  CONFIRMATION_RESEND_FAILED: 'Failed to resend confirmation',
  MAGIC_LINK_SENT: 'Magic link sent successfully!',
  MAGIC_LINK_SEND_FAILED: 'Failed to send magic link',
  MAGIC_LINK_SEND_ERROR: 'An error occurred while sending the magic link',

  // Ours: server-side codes the spec does not word.
  EMAIL_TOO_LONG: 'Email must be 254 characters or fewer',
  NAME_TOO_LONG: 'Name must be 100 characters or fewer',
  NAME_INVALID: 'Please enter a valid name',
  INVALID_REQUEST: 'The request is not valid.',
  INVALID_JSON: 'The request body is not valid JSON.',
  PAYLOAD_TOO_LARGE: 'The request body is too large.',
  RATE_LIMITED: 'Too many requests. Please try again later.',
  UNAUTHORIZED: 'Please sign in, or use the link from your email.',
  FORBIDDEN: 'You do not have permission to do that.',
  CROSS_SITE_REQUEST: 'This request did not come from this site.',
  UNSUPPORTED_MEDIA_TYPE: 'Please send the request as JSON.',
  UNSUBSCRIBE_LINK_SENT:
    'If that address is subscribed, we have emailed it a link to confirm the unsubscribe.',
  SECURITY_CHECK_UNAVAILABLE:
    'Security verification is unavailable right now. Please try again in a few minutes.',
  // The subscribe page's form posted without JavaScript where the site requires Turnstile (0038).
  SECURITY_CHECK_NEEDS_SCRIPT:
    'The security check needs JavaScript. Please turn it on for this page and subscribe again.',
  NOT_FOUND: 'The requested page or resource was not found.',
  TOKEN_INVALID: 'This link is invalid or has expired. Please request a new one.',
  TOKEN_EXPIRED: 'This link is invalid or has expired. Please request a new one.',
  CODE_LOCKED: 'Too many incorrect attempts. Please request a new link.',
  CODE_INVALID: 'That code is not correct. Please check the email and try again.',
  CONFIRM_DELETE_REQUIRED: 'Please confirm that you want to delete your account.',
  ACCOUNT_BANNED: 'This account has been suspended.',
  OAUTH_STATE_INVALID: 'The sign-in attempt could not be verified. Please try again.',
  OAUTH_EMAIL_UNVERIFIED:
    'This provider has not verified your email address, so it cannot be linked automatically. Sign in with your existing method first, then link this provider from your account.',
  PROVIDER_UNAVAILABLE: 'This sign-in provider is not available.',
  LAST_SIGN_IN_METHOD: 'You cannot remove your only sign-in method.',
  OAUTH_ACCOUNT_IN_USE: 'This sign-in method is already linked to another account.',
  PROVIDER_ALREADY_LINKED:
    'This provider is already linked to your account. Unlink it first to link a different one.',
  SUBSCRIBE_ACCEPTED: 'Please check your email to confirm your subscription.',
  UNSUBSCRIBED: 'You have been unsubscribed.',
  VERIFIED: 'Your email address has been verified.',
  ALREADY_CONFIRMED: 'This address is already confirmed: you are subscribed.',
  SUBSCRIBED_AND_SIGNED_IN:
    'Your email address has been verified, and your member account is ready: you are signed in.',
  PROFILE_UPDATED: 'Profile updated.',
  PREFERENCES_UPDATED: 'Preferences updated.',
  ACCOUNT_DELETED: 'Your account has been deleted.',
  LOGGED_OUT: 'You have been signed out.',

  // Ours: the members area, community, moderation and the owner's console (issue 7).
  BIO_TOO_LONG: 'Your bio must be 280 characters or fewer.',
  WEBSITE_INVALID: 'Please enter a web address that starts with http:// or https://.',
  COMMENT_REQUIRED: 'Please write something first.',
  COMMENT_TOO_LONG: 'Comments must be 2,000 characters or fewer.',
  THREAD_TITLE_REQUIRED: 'Please give the discussion a title.',
  THREAD_TITLE_TOO_LONG: 'Titles must be 120 characters or fewer.',
  REASON_TOO_LONG: 'The reason must be 500 characters or fewer.',
  REASON_REQUIRED: 'Please give a reason.',
  COMMENTS_CLOSED: 'Comments are closed for now.',
  COMMENT_NOT_EDITABLE: 'This comment can no longer be changed.',
  CANNOT_REPORT_OWN_COMMENT: 'You cannot report your own comment.',
  COMMENT_REPORTED: 'Thanks. A moderator will look at this comment.',
  CANNOT_MODERATE_USER: 'You cannot take this action on this account.',
  CANNOT_CHANGE_OWN_ROLE: 'You cannot change your own role.',
  ROLE_INVALID: 'Please choose a valid role.',
  BAN_DURATION_INVALID: 'Please choose a ban length between 1 hour and 365 days.',
  EVENT_TITLE_REQUIRED: 'Please give the event a title.',
  EVENT_TIME_INVALID: 'Please enter a valid date and time.',
  EVENT_END_BEFORE_START: 'The event cannot end before it starts.',
  TIME_ZONE_INVALID: 'Please choose a valid time zone.',
  EVENT_TEXT_TOO_LONG: 'That text is too long.',
  CSV_INVALID: 'The file is not a CSV with an email column.',
  CSV_TOO_MANY_ROWS: 'Please import at most 5,000 rows at a time.',
  SETTINGS_INVALID: 'One of the settings is not valid.',
  SETTINGS_UPDATED: 'Settings saved.',
  SITE_UPDATED: 'Saved. Every page, feed and email uses it now.',
  // Ours: writing in the browser (issue 24); the editor names the kind (contracts/writing.ts).
  CONTENT_CHANGED: 'This post was changed elsewhere since you opened it',
  IMPORT_INVALID: 'This file cannot be imported.',
  IMPORT_TOO_LARGE: 'That export is too large for the console: use pnpm data import on the server.',
  IMAGE_INVALID: 'That file is not an image this site can show. Upload a JPEG, PNG, WebP or AVIF.',
  IMAGE_TOO_LARGE: 'That image is too large: at most 25 MB and 50 megapixels.',
  IMAGE_WORK_UNAVAILABLE:
    'The server could not work on that image just now. Try again in a moment.',
  BOOKMARK_ADDED: 'Bookmarked.',
  BOOKMARK_REMOVED: 'Bookmark removed.',

  // Ours: sending the newsletter (issue 8).
  NEWSLETTER_SOURCE_NOT_FOUND: 'That post is not published, so it cannot be sent.',
  NEWSLETTER_SECTION_UNKNOWN: 'This post’s category is not a newsletter section.',
  NEWSLETTER_ISSUE_EXISTS: 'This post already has a newsletter issue.',
  NEWSLETTER_ISSUE_STATE: 'This issue cannot do that now. Reload the page to see where it stands.',
  NEWSLETTER_SCHEDULE_INVALID: 'Please choose a date and time in the future.',
  NEWSLETTER_NOTHING_UNCERTAIN: 'There is nothing uncertain left to resolve in this issue.',
  NEWSLETTER_TEST_SENT: 'Test email sent.',
  NEWSLETTER_TEST_FAILED:
    'The test email could not be sent. Check the mail settings and try again.',

  // Ours: the social web's blocks (issue 38 item 6), as the owner writes them.
  FEDIVERSE_BLOCK_ACCOUNT_INVALID: 'Enter an account as @name@server, or its address.',
  FEDIVERSE_BLOCK_DOMAIN_INVALID: 'Enter a domain, such as example.social.',

  // Ours: Webmention (issue 38 item 5): what a sender's software is told.
  WEBMENTION_SOURCE_INVALID: 'The source must be an http or https URL.',
  WEBMENTION_TARGET_INVALID: 'The target must be an http or https URL.',
  WEBMENTION_SAME_URL: 'The source and the target must be different pages.',
  WEBMENTION_TARGET_UNKNOWN: 'The target is not a post on this site.',
  WEBMENTION_ACCEPTED:
    'Thanks. The source will be checked for a link to the target, and the owner will see it.',
} as const;

export type MessageCode = keyof typeof MESSAGES;

export const MESSAGE_CODES = Object.keys(MESSAGES) as [MessageCode, ...MessageCode[]];

export function isMessageCode(value: unknown): value is MessageCode {
  return typeof value === 'string' && Object.hasOwn(MESSAGES, value);
}

/** The text for a code; unknown codes (e.g. from a newer API) fall back to INTERNAL_ERROR. */
export function messageFor(code: unknown): string {
  return isMessageCode(code) ? MESSAGES[code] : MESSAGES.INTERNAL_ERROR;
}
