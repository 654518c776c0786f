import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  MESSAGE_CODES,
  isMessageCode,
  messageFor,
  messageTemplates,
} from './messages.js';

// The spec's exact strings (sections 2, 3, 4, 5 and 8), written out rather than read back.
const SPEC_TEXTS: ReadonlyArray<[keyof typeof MESSAGES, string]> = [
  ['SPLASH_TITLE', 'Launching the site'],
  ['SPLASH_SUBTITLE', 'Preparing your experience...'],
  ['PAGE_LOADING', 'Loading page...'],
  ['SIGN_IN_TITLE', 'Sign in to your account'],
  ['SIGNING_IN', 'Signing you in...'],
  ['ACCOUNT_SETUP_COMPLETE', 'Account setup complete.'],
  ['SUBSCRIPTION_FAILED_TITLE', 'Subscription Failed'],
  ['TRY_AGAIN', 'Try Again'],
  ['CANCEL', 'Cancel'],
  ['MEMBER_STATUS_ACTIVE', 'Active Member'],
  ['MEMBER_STATUS_SUBSCRIBER', 'Subscriber'],
  ['SUBSCRIBE', 'Subscribe'],
  ['SIGN_IN', 'Sign In'],
  ['SIGN_UP', 'Sign Up'],
  ['SUBSCRIBED', '✓ Subscribed'],
  ['SENT', 'Sent!'],
  ['NEXT_STEP_ANONYMOUS', 'Subscribe for updates or sign in to access your account'],
  ['NEXT_STEP_VERIFY_SUBSCRIPTION', 'Please check your email and verify your subscription'],
  ['NEXT_STEP_CREATE_ACCOUNT', 'Create an account to unlock commenting, bookmarks, and more'],
  ['NEXT_STEP_SUBSCRIBE', 'Subscribe to our newsletter for exclusive content and updates'],
  ['EMAIL_REQUIRED', 'Email is required'],
  ['EMAIL_INVALID', 'Please enter a valid email address'],
  ['NAME_TOO_SHORT', 'Name must be at least 2 characters'],
  [
    'SECURITY_CHECK_PENDING',
    'Security verification in progress. Please wait a moment and try again.',
  ],
  ['NO_SUBSCRIPTION_EMAIL', 'No subscription email found'],
  ['NETWORK_ERROR', 'Network error occurred'],
  ['RESPONSE_SUCCESS', 'Success'],
  ['REQUEST_FAILED', 'Request failed'],
  ['SERVERS_UNAVAILABLE', 'Both local and fallback servers unavailable'],
  ['INTERNAL_ERROR', 'Something went wrong. Please try again.'],
  ['SUBSCRIPTION_FAILED', 'Subscription failed'],
  ['POPUP_BLOCKED', 'Popup blocked. Please allow popups and try again.'],
  ['OAUTH_POPUP_CLOSED', 'OAuth popup was closed'],
  ['OAUTH_TIMEOUT', 'OAuth timeout'],
  ['AUTHENTICATION_FAILED', 'Authentication failed'],
  ['MEMBERSHIP_INIT_FAILED', 'Failed to initialize membership'],
  ['LOGOUT_FAILED', 'Logout failed'],
  ['VERIFICATION_FAILED', 'Verification failed'],
  ['UNSUBSCRIBE_FAILED', 'Unsubscribe failed'],
  ['SUBSCRIPTION_STATUS_CHECK_FAILED', 'Failed to check subscription status'],
  ['RESEND_VERIFICATION_FAILED', 'Failed to resend verification email'],
  ['PROFILE_UPDATE_FAILED', 'Failed to update profile'],
  ['PREFERENCES_UPDATE_FAILED', 'Failed to update preferences'],
  ['ACCOUNT_DELETE_FAILED', 'Failed to delete account'],
  ['SECURITY_CHECK_FAILED', 'Security verification failed. Please try again.'],
  ['SECURITY_CHECK_INIT_FAILED', 'Failed to initialise security verification'],
  ['CONFIRMATION_SENT', 'Confirmation email sent successfully. Please check your inbox.'],
  ['CONFIRMATION_SEND_FAILED', 'Failed to send confirmation email'],
  ['CONFIRMATION_RESEND_FAILED', 'Failed to resend confirmation'],
  ['MAGIC_LINK_SENT', 'Magic link sent successfully!'],
  ['MAGIC_LINK_SEND_FAILED', 'Failed to send magic link'],
  ['MAGIC_LINK_SEND_ERROR', 'An error occurred while sending the magic link'],
  // Our own server texts that the brief fixes.
  ['INVALID_JSON', 'The request body is not valid JSON.'],
  ['RATE_LIMITED', 'Too many requests. Please try again later.'],
  ['TOKEN_INVALID', 'This link is invalid or has expired. Please request a new one.'],
  ['TOKEN_EXPIRED', 'This link is invalid or has expired. Please request a new one.'],
  ['SUBSCRIBE_ACCEPTED', 'Please check your email to confirm your subscription.'],
];

describe('MESSAGES', () => {
  it.each(SPEC_TEXTS)('%s reads exactly %j', (code, text) => {
    expect(MESSAGES[code]).toBe(text);
  });

  it.each(MESSAGE_CODES)('%s is a stable SCREAMING_SNAKE code with a non-empty text', (code) => {
    expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
    expect(MESSAGES[code].trim().length).toBeGreaterThan(0);
  });

  it('tells the user how to link an unverified provider', () => {
    expect(MESSAGES.OAUTH_EMAIL_UNVERIFIED).toMatch(
      / Sign in with your existing method first, then link this provider from your account\.$/,
    );
  });

  it('mentions the privacy policy, the terms and promotional updates in the consent text', () => {
    expect(MESSAGES.CONSENT_TEXT).toMatch(/Privacy Policy/);
    expect(MESSAGES.CONSENT_TEXT).toMatch(/Terms of Service/);
    expect(MESSAGES.CONSENT_TEXT).toMatch(/promotional updates/);
  });
});

describe('isMessageCode and messageFor', () => {
  it.each([
    ['EMAIL_REQUIRED', true],
    ['email_required', false],
    ['toString', false],
    ['', false],
    [42, false],
    [undefined, false],
  ])('isMessageCode(%j) is %s', (value, expected) => {
    expect(isMessageCode(value)).toBe(expected);
  });

  it.each([
    ['EMAIL_INVALID', 'Please enter a valid email address'],
    ['NOT_A_CODE', 'Something went wrong. Please try again.'],
    [null, 'Something went wrong. Please try again.'],
  ])('messageFor(%j) is %j', (code, text) => {
    expect(messageFor(code)).toBe(text);
  });
});

describe('messageTemplates', () => {
  it.each([
    [
      'reader@example.com',
      'Magic link sent! Check your email at reader@example.com for the login link.',
    ],
  ])('magicLinkSent(%j)', (email, text) => {
    expect(messageTemplates.magicLinkSent(email)).toBe(text);
  });

  it.each([
    ['Ada', 'Welcome, Ada!'],
    [undefined, 'Welcome, User!'],
    [null, 'Welcome, User!'],
    ['', 'Welcome, User!'],
    ['  ', 'Welcome, User!'],
  ])('welcome(%j) is %j', (name, text) => {
    expect(messageTemplates.welcome(name)).toBe(text);
  });

  it.each([
    [404, 'Failed to fetch post: 404'],
    [500, 'Failed to fetch post: 500'],
  ])('failedToFetchPost(%j) is %j', (status, text) => {
    expect(messageTemplates.failedToFetchPost(status)).toBe(text);
  });

  it.each([
    ['active', 'Active Member'],
    ['pending', 'Subscriber'],
    [null, 'Subscriber'],
    [undefined, 'Subscriber'],
  ])('memberStatus(%j) is %j', (status, text) => {
    expect(messageTemplates.memberStatus(status)).toBe(text);
  });
});
