import { describe, expect, it } from 'vitest';
import { firstIssueError } from '../validation.js';
import {
  DEFAULT_NEWSLETTER_PREFERENCES,
  NEWSLETTER_SECTIONS,
  OAUTH_PROVIDERS,
  deleteSubscriptionRequestSchema,
  errorResponseSchema,
  magicLinkRequestSchema,
  magicLinkVerifyQuerySchema,
  meResponseSchema,
  messageResponseSchema,
  oauthAuthorizeQuerySchema,
  postSchema,
  preferencesUpdateRequestSchema,
  profileUpdateRequestSchema,
  resendVerificationRequestSchema,
  sessionResponseSchema,
  subscribeRequestSchema,
  unsubscribeRequestSchema,
  verifyQuerySchema,
  verifyResponseSchema,
} from './index.js';
import type { z } from 'zod';

function codeOf(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  return result.success ? 'OK' : firstIssueError(result.error).code;
}

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';

describe('POST /api/auth/subscribe bodies', () => {
  it('parses email, name and token, defaults wantsAccount and strips unknown keys', () => {
    expect(
      subscribeRequestSchema.parse({
        email: ' reader@example.com ',
        name: ' Ada ',
        turnstileToken: 'tok',
        role: 'admin',
      }),
    ).toEqual({
      email: 'reader@example.com',
      name: 'Ada',
      turnstileToken: 'tok',
      wantsAccount: false,
    });
  });

  it.each([
    [{ email: 'reader@example.com', turnstileToken: 'tok' }, 'OK'],
    [{ email: 'reader@example.com', name: 'Ada', turnstileToken: 'tok', wantsAccount: true }, 'OK'],
    [{ email: 'reader@example.com', turnstileToken: '' }, 'SECURITY_CHECK_PENDING'],
    [{ turnstileToken: 'tok' }, 'EMAIL_REQUIRED'],
    [{ email: ['a@b.co'], turnstileToken: 'tok' }, 'EMAIL_INVALID'],
    [{ email: 'reader@example.com', name: 'a', turnstileToken: 'tok' }, 'NAME_TOO_SHORT'],
    [
      { email: 'reader@example.com', turnstileToken: 'tok', wantsAccount: 'yes' },
      'INVALID_REQUEST',
    ],
    ['reader@example.com', 'INVALID_REQUEST'],
    [null, 'INVALID_REQUEST'],
  ])('subscribe %j -> %s', (body, code) => {
    expect(codeOf(subscribeRequestSchema, body)).toBe(code);
  });

  it.each([
    [{ email: 'reader@example.com', name: 'Ada', wantsAccount: true }, 'OK'],
    [{ email: 'reader@example.com' }, 'OK'],
    [{ email: '' }, 'EMAIL_REQUIRED'],
  ])(
    'the plain variant (no token) %j -> %s; the server decides whether it may pass',
    (body, code) => {
      expect(codeOf(subscribeRequestSchema, body)).toBe(code);
    },
  );
});

describe('email-only bodies', () => {
  it.each([
    [unsubscribeRequestSchema, { email: 'reader@example.com' }, 'OK'],
    [unsubscribeRequestSchema, {}, 'EMAIL_REQUIRED'],
    [resendVerificationRequestSchema, { email: 'reader@example.com' }, 'OK'],
    [resendVerificationRequestSchema, { email: 'a@b.co,c@d.co' }, 'EMAIL_INVALID'],
  ])('%#: %j -> %s', (schema, body, code) => {
    expect(codeOf(schema, body)).toBe(code);
  });
});

describe('POST /api/auth/magic-link', () => {
  it.each([
    [{ email: ' Reader@Example.com ', returnUrl: '/members/dashboard' }, '/members/dashboard'],
    [{ email: 'reader@example.com' }, '/'],
    [{ email: 'reader@example.com', returnUrl: '//evil.example' }, '/'],
    [{ email: 'reader@example.com', returnUrl: 'https://evil.example' }, '/'],
    [{ email: 'reader@example.com', returnUrl: 42 }, '/'],
  ])('%j returns to %j', (body, returnUrl) => {
    expect(magicLinkRequestSchema.parse(body)).toEqual({ email: 'reader@example.com', returnUrl });
  });

  it('rejects an invalid email with the spec message', () => {
    expect(codeOf(magicLinkRequestSchema, { email: 'nope' })).toBe('EMAIL_INVALID');
  });

  it.each([
    [{ token: TOKEN, returnUrl: '/blog' }, 'OK'],
    [{ token: 'short' }, 'TOKEN_INVALID'],
    [{ token: `${TOKEN}'; DROP TABLE` }, 'TOKEN_INVALID'],
    [{}, 'TOKEN_INVALID'],
  ])('verify query %j -> %s', (query, code) => {
    expect(codeOf(magicLinkVerifyQuerySchema, query)).toBe(code);
  });

  it.each([
    [{ token: TOKEN }, 'OK'],
    [{ token: ['a', 'b'] }, 'TOKEN_INVALID'],
  ])('GET /verify %j -> %s', (query, code) => {
    expect(codeOf(verifyQuerySchema, query)).toBe(code);
  });
});

describe('OAuth', () => {
  it('lists the four providers', () => {
    expect(OAUTH_PROVIDERS).toEqual(['google', 'github', 'discord', 'facebook']);
  });

  it.each([
    [{ provider: 'github', return_url: '/members/dashboard' }, 'OK'],
    [{ provider: 'twitter' }, 'PROVIDER_UNAVAILABLE'],
    [{}, 'PROVIDER_UNAVAILABLE'],
  ])('authorize %j -> %s', (query, code) => {
    expect(codeOf(oauthAuthorizeQuerySchema, query)).toBe(code);
  });

  it('makes an unsafe return_url safe', () => {
    expect(oauthAuthorizeQuerySchema.parse({ provider: 'google', return_url: '/\\evil' })).toEqual({
      provider: 'google',
      return_url: '/',
    });
  });
});

describe('subscription updates', () => {
  it('ignores role, email-verified and status changes in a profile update', () => {
    expect(
      profileUpdateRequestSchema.parse({
        email: 'reader@example.com',
        name: '  Ada  ',
        role: 'admin',
        verified: true,
        status: 'active',
      }),
    ).toEqual({ email: 'reader@example.com', name: 'Ada' });
  });

  it('has five newsletter sections, all on by default', () => {
    expect(NEWSLETTER_SECTIONS).toEqual(['build', 'learn', 'write', 'journal', 'poetry']);
    expect(DEFAULT_NEWSLETTER_PREFERENCES).toEqual({
      build: true,
      learn: true,
      write: true,
      journal: true,
      poetry: true,
    });
  });

  it.each([
    [
      { build: false, learn: true, write: false, journal: true, poetry: false },
      { build: false, learn: true, write: false, journal: true, poetry: false },
    ],
    [{ poetry: false }, { build: true, learn: true, write: true, journal: true, poetry: false }],
    [{}, { build: true, learn: true, write: true, journal: true, poetry: true }],
  ])('preferences %j -> %j', (preferences, expected) => {
    expect(
      preferencesUpdateRequestSchema.parse({ email: 'reader@example.com', preferences }),
    ).toEqual({ email: 'reader@example.com', preferences: expected });
  });

  it.each([
    [{ email: 'reader@example.com', preferences: { build: 'no' } }, 'INVALID_REQUEST'],
    [{ email: 'reader@example.com' }, 'INVALID_REQUEST'],
    [{ preferences: {} }, 'EMAIL_REQUIRED'],
  ])('preferences body %j -> %s', (body, code) => {
    expect(codeOf(preferencesUpdateRequestSchema, body)).toBe(code);
  });

  it.each([
    [true, 'OK'],
    ['true', 'CONFIRM_DELETE_REQUIRED'],
    [1, 'CONFIRM_DELETE_REQUIRED'],
    [false, 'CONFIRM_DELETE_REQUIRED'],
    [undefined, 'CONFIRM_DELETE_REQUIRED'],
  ])('delete with confirmDelete %j -> %s', (confirmDelete, code) => {
    expect(
      codeOf(deleteSubscriptionRequestSchema, { email: 'reader@example.com', confirmDelete }),
    ).toBe(code);
  });
});

describe('responses', () => {
  it('parses a session response', () => {
    expect(
      sessionResponseSchema.parse({ success: true, authenticated: false, session: null }),
    ).toEqual({ success: true, authenticated: false, session: null });
    expect(
      sessionResponseSchema.safeParse({
        success: true,
        authenticated: true,
        session: { level: 'owner' },
      }).success,
    ).toBe(false);
  });

  const me = {
    success: true,
    user: {
      email: 'reader@example.com',
      name: 'Ada',
      role: 'member',
      avatar_url: null,
      subscription_status: 'active',
    },
    session: {
      level: 'member',
      createdAt: '2025-01-01T00:00:00.000Z',
      expiresAt: '2025-01-31T00:00:00.000Z',
    },
    subscription: null,
    primaryAccount: { provider: 'github', providerAvatarUrl: null, isPrimary: true },
    linkedAccounts: [
      { provider: 'github', providerAvatarUrl: 'https://avatars.example/1.png', isPrimary: true },
      { provider: 'email', providerAvatarUrl: null, isPrimary: false },
    ],
  };

  it('parses a me response; no sign-out notice reads as none', () => {
    expect(meResponseSchema.parse(me)).toEqual({ ...me, notice: null });
    const notice = {
      reason: 'role-changed',
      from: 'moderator',
      to: 'member',
      at: '2026-11-25T10:00:00.000Z',
    };
    expect(meResponseSchema.parse({ ...me, notice }).notice).toEqual(notice);
    expect(meResponseSchema.safeParse({ ...me, notice: { ...notice, to: 'owner' } }).success).toBe(
      false,
    );
  });

  it('rejects a linked account from an unknown provider', () => {
    const bad = {
      ...me,
      linkedAccounts: [{ provider: 'myspace', providerAvatarUrl: null, isPrimary: false }],
    };
    expect(meResponseSchema.safeParse(bad).success).toBe(false);
  });

  it.each([
    [verifyResponseSchema, { success: true, data: { email: 'reader@example.com' } }, true],
    [verifyResponseSchema, { success: true }, false],
    [
      messageResponseSchema,
      { success: true, message: 'Please check your email to confirm your subscription.' },
      true,
    ],
    [
      errorResponseSchema,
      { success: false, code: 'EMAIL_INVALID', message: 'Please enter a valid email address' },
      true,
    ],
    [errorResponseSchema, { success: false, code: 'MADE_UP', message: 'x' }, false],
    [errorResponseSchema, { success: true, code: 'EMAIL_INVALID', message: 'x' }, false],
  ])('%#: %j parses: %s', (schema, value, ok) => {
    expect(schema.safeParse(value).success).toBe(ok);
  });
});

describe('postSchema', () => {
  const raw = {
    id: 7,
    title: 'Hello',
    slug: 'hello',
    excerpt_short: 'Hi',
    excerpt_medium: 'Hi there',
    excerpt_long: 'Hi there, reader',
    content: '# Hello',
    featured_image_url: null,
    date: '2025-03-01',
    category: 'write',
    author_id: 1,
    author_name: 'Owner',
    author_avatar: '/avatar.png',
    status: 'PUBLISHED',
  };

  it('fills the defaults and lower-cases the status', () => {
    expect(postSchema.parse(raw)).toEqual({
      ...raw,
      id: '7',
      author_id: '1',
      sub_category: '',
      keywords: '',
      tags: [],
      author_bio: null,
      featured_image_variants: null,
      status: 'published',
    });
  });

  it('keeps given optional fields', () => {
    const post = postSchema.parse({ ...raw, sub_category: 'poetry', keywords: 'a,b', tags: ['x'] });
    expect([post.sub_category, post.keywords, post.tags]).toEqual(['poetry', 'a,b', ['x']]);
  });

  it.each(['title', 'slug', 'content', 'status'])('requires %s', (field) => {
    const { [field as keyof typeof raw]: _omitted, ...rest } = raw;
    expect(postSchema.safeParse(rest).success).toBe(false);
  });
});
