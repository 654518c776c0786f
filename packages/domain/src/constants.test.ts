import { describe, expect, it } from 'vitest';
import * as constants from './constants.js';
import {
  LOADING_ANIMATION,
  OAUTH_POPUP,
  SUBSCRIBE_FORM_STEPS,
  SUBSCRIBE_POPUP_POSITIONS,
  TYPEWRITER,
  clampProgress,
  sessionPolicyFor,
  userMenuDesktopWidth,
} from './constants.js';

describe('section 9 numbers', () => {
  it.each([
    ['SECURITY_CHECK_TIMEOUT_MS', 30000],
    ['MOBILE_REDIRECT_DELAY_MS', 100],
    ['OAUTH_MARKER_MAX_AGE_MS', 300000],
    ['SUBSCRIBE_REDIRECT_DELAY_MS', 1500],
    ['RESEND_SENT_STATUS_MS', 10000],
    ['MAGIC_LINK_RESEND_FLAG_MS', 10000],
    ['MIN_NAME_LENGTH', 2],
    ['MENU_SCROLL_THRESHOLD_PX', 130],
    ['USER_DROPDOWN_MAX_ITEMS', 4],
    ['USER_SIDEBAR_WIDTH_PX', 320],
    ['USER_OVERLAY_MAX_WIDTH_PX', 320],
    ['DESKTOP_MIN_WIDTH_PX', 1024],
    ['USER_MENU_DESKTOP_WIDTH_PX', 448],
    ['API_PORT', 8787],
    ['WEB_DEV_PORT', 5173],
    ['EMAIL_MAX_LENGTH', 254],
    ['NAME_MAX_LENGTH', 100],
    ['VERIFICATION_TOKEN_TTL_MS', 86400000],
    ['MAGIC_LINK_TTL_MS', 600000],
    ['MAGIC_CODE_MAX_ATTEMPTS', 5],
  ] as const)('%s is %d', (name, value) => {
    expect(constants[name]).toBe(value);
  });

  it('opens the sign-in popup at 500x600, checks every second, gives up after 5 minutes', () => {
    expect(OAUTH_POPUP).toEqual({
      width: 500,
      height: 600,
      pollIntervalMs: 1000,
      timeoutMs: 300000,
    });
  });

  it('lists the loading animation variants and sizes and the typewriter timing', () => {
    expect(LOADING_ANIMATION.variants).toEqual([
      'rocket',
      'pulse',
      'typewriter',
      'books',
      'documents',
      'grid',
      'wave',
    ]);
    expect(LOADING_ANIMATION.sizes).toEqual(['small', 'medium', 'large']);
    expect(TYPEWRITER).toEqual({ charIntervalMs: 100, pauseMs: 2000 });
  });

  it('lists the popup positions and form steps', () => {
    expect(SUBSCRIBE_POPUP_POSITIONS).toEqual(['center', 'top', 'header', 'below-header']);
    expect(SUBSCRIBE_FORM_STEPS).toEqual(['email', 'details', 'loading', 'success', 'error']);
  });
});

describe('userMenuDesktopWidth', () => {
  it.each([
    [1920, 448],
    [1024, 448],
    [480, 448],
    [479, 447],
    [400, 368],
    [20, 0],
  ])('viewport %d gives %d', (viewport, width) => {
    expect(userMenuDesktopWidth(viewport)).toBe(width);
  });
});

describe('clampProgress', () => {
  it.each([
    [-5, 0],
    [0, 0],
    [42.5, 42.5],
    [100, 100],
    [150, 100],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 100],
  ])('%d -> %d', (input, output) => {
    expect(clampProgress(input)).toBe(output);
  });
});

describe('sessionPolicyFor', () => {
  const member = { absoluteTtlMs: 30 * 86400000, idleTimeoutMs: null };
  const staff = { absoluteTtlMs: 12 * 3600000, idleTimeoutMs: 30 * 60000 };
  it.each([
    ['anonymous', member],
    ['subscriber', member],
    ['member', member],
    ['moderator', staff],
    ['admin', staff],
  ] as const)('%s', (level, policy) => {
    expect(sessionPolicyFor(level)).toEqual(policy);
  });
});

describe('Turnstile test keys', () => {
  it.each([
    ['1x00000000000000000000AA', 'pass'],
    ['1x00000000000000000000BB', 'pass-invisible'],
    ['2x00000000000000000000AB', 'block'],
    ['2x00000000000000000000BB', 'block-invisible'],
    ['3x00000000000000000000FF', 'interactive'],
    ['0x4AAAAAAAreal-key', null],
  ])('%s behaves as %s', (key, behaviour) => {
    expect(constants.turnstileTestBehaviour(key)).toBe(behaviour);
  });

  it('hands out the documented dummy token', () => {
    expect(constants.TURNSTILE_DUMMY_TOKEN).toBe('XXXX.DUMMY.TOKEN.XXXX');
    expect(constants.TURNSTILE_DEFAULT_TEST_SITE_KEY).toBe('1x00000000000000000000AA');
  });
});
