import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mailboxKey } from './email-address.js';
import {
  canResendConfirmation,
  emailSchema,
  fieldErrors,
  firstIssueCode,
  firstIssueError,
  issueToError,
  nameSchema,
  turnstileTokenSchema,
} from './validation.js';

const REQUIRED = { code: 'EMAIL_REQUIRED', message: 'Email is required' };
const INVALID = { code: 'EMAIL_INVALID', message: 'Please enter a valid email address' };
const TOO_LONG = { code: 'EMAIL_TOO_LONG', message: 'Email must be 254 characters or fewer' };

function failure(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to fail`);
  const { code, message } = firstIssueError(result.error);
  return { code, message };
}

// 64 + 1 + 63 + 1 + 63 + 1 + 57 + 1 + 3: the longest local part and labels that still fit.
const at254 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
const at255 = `${'a'.repeat(243)}@example.com`;

describe('emailSchema accepts, in the canonical form', () => {
  it.each([
    ['reader@example.com', 'reader@example.com'],
    ['  reader@example.com  ', 'reader@example.com'],
    ['Reader@Example.COM', 'reader@example.com'],
    ['first.last+tag@sub.example.co.uk', 'first.last+tag@sub.example.co.uk'],
    ["o'brien_{x}@example.com", "o'brien_{x}@example.com"],
    ['a@b.co\r\n', 'a@b.co'],
    // Full-width letters are the same mailbox once NFKC-normalised.
    ['\uff52\uff45\uff41\uff44\uff45\uff52@example.com', 'reader@example.com'],
    ['zoe@exämple.de', 'zoe@xn--exmple-cua.de'],
    ['ZOE@BÜCHER.example', 'zoe@xn--bcher-kva.example'],
    ['kontakt@пример.рф', 'kontakt@xn--e1afmkfd.xn--p1ai'],
    ['a@xn--bcher-kva.example', 'a@xn--bcher-kva.example'],
    [at254, at254],
  ])('%j as %j', (input, output) => {
    expect(at254).toHaveLength(254);
    expect(emailSchema.parse(input)).toBe(output);
  });
});

describe('emailSchema rejects', () => {
  it.each([
    ['undefined', undefined, REQUIRED],
    ['null', null, REQUIRED],
    ['empty', '', REQUIRED],
    ['blank', '   ', REQUIRED],
    ['an array', ['reader@example.com'], INVALID],
    ['a number', 42, INVALID],
    ['an object', { email: 'reader@example.com' }, INVALID],
    ['no @', 'plainaddress', INVALID],
    ['no dot after @', 'reader@example', INVALID],
    ['nothing before @', '@example.com', INVALID],
    ['two @', 'reader@@example.com', INVALID],
    ['dot right after @', 'reader@.com', INVALID],
    ['a comma list', 'a@b.co,c@d.co', INVALID],
    ['a comma inside', 'a,b@c.co', INVALID],
    ['an inner space', 'a b@c.co', INVALID],
    ['a header injection', 'a@b.co\nBcc: x@y.co', INVALID],
    ['an inner line break', 'a@b\n.co', INVALID],
    ['a tab', 'a\t@b.co', INVALID],
    ['a NUL', 'a\u0000@b.co', INVALID],
    // Forms whose text differs from the mailbox a mailer would deliver to.
    ['angle brackets', '<reader@example.test>', INVALID],
    ['text before angle brackets', 'x<reader@example.test>', INVALID],
    ['a stray closing bracket', 'reader@example.test>', INVALID],
    ['a display name', '"Reader" <reader@example.test>', INVALID],
    ['a quoted local part', '"reader"@example.test', INVALID],
    ['a comment', 'reader(me)@example.test', INVALID],
    ['an IP literal', 'a@[127.0.0.1]', INVALID],
    ['a bare IP address', 'a@127.0.0.1', INVALID],
    ['an empty label', 'a@example..test', INVALID],
    ['a trailing dot in the domain', 'a@example.test.', INVALID],
    ['a leading dot', '.a@example.test', INVALID],
    ['a trailing dot in the local part', 'a.@example.test', INVALID],
    ['doubled dots in the local part', 'a..b@example.test', INVALID],
    ['a hyphen at a label edge', 'a@-example.test', INVALID],
    ['a homoglyph (Cyrillic e) in the local part', 'r\u0435ader@example.test', INVALID],
    ['a symbol in the domain', 'a@exa_mple.test', INVALID],
    ['a 65-character local part', `${'a'.repeat(65)}@example.com`, INVALID],
    ['a 64-character label', `a@${'b'.repeat(64)}.com`, INVALID],
    ['255 characters', at255, TOO_LONG],
  ])('%s', (_label, input, expected) => {
    expect(failure(emailSchema, input)).toEqual(expected);
  });
});

describe('mailboxKey', () => {
  it.each([
    ['reader@example.test', 'reader@example.test'],
    ['reader+news@example.test', 'reader@example.test'],
    ['reader+a+b@example.test', 'reader@example.test'],
    ['+only@example.test', '+only@example.test'],
    ['first.last@example.test', 'first.last@example.test'],
    ['first.last+x@gmail.com', 'firstlast@gmail.com'],
    ['f.i.r.s.t.last@googlemail.com', 'firstlast@gmail.com'],
  ])('counts %j as the mailbox %j', (address, key) => {
    expect(mailboxKey(address)).toBe(key);
  });
});

describe('nameSchema', () => {
  it.each([
    [undefined, undefined],
    [null, undefined],
    ['', undefined],
    ['   ', undefined],
    ['Al', 'Al'],
    ['  Ada Lovelace  ', 'Ada Lovelace'],
    ['Zoë', 'Zoë'],
    ['x'.repeat(100), 'x'.repeat(100)],
  ])('accepts %j as %j', (input, output) => {
    expect(nameSchema.parse(input)).toBe(output);
  });

  const short = { code: 'NAME_TOO_SHORT', message: 'Name must be at least 2 characters' };
  it.each([
    ['a', short],
    [' a ', short],
    ['😀', short], // one character, two UTF-16 units
    ['x'.repeat(101), { code: 'NAME_TOO_LONG', message: 'Name must be 100 characters or fewer' }],
    [42, { code: 'NAME_INVALID', message: 'Please enter a valid name' }],
    [['Ada'], { code: 'NAME_INVALID', message: 'Please enter a valid name' }],
    ['Ada\nBcc: x@y.co', { code: 'NAME_INVALID', message: 'Please enter a valid name' }],
  ])('rejects %j', (input, expected) => {
    expect(failure(nameSchema, input)).toEqual(expected);
  });
});

describe('turnstileTokenSchema', () => {
  const pending = {
    code: 'SECURITY_CHECK_PENDING',
    message: 'Security verification in progress. Please wait a moment and try again.',
  };
  it.each([
    [undefined, pending],
    [null, pending],
    ['', pending],
    ['  ', pending],
    [123, pending],
    [
      'x'.repeat(4097),
      { code: 'SECURITY_CHECK_FAILED', message: 'Security verification failed. Please try again.' },
    ],
  ])('rejects %j', (input, expected) => {
    expect(failure(turnstileTokenSchema, input)).toEqual(expected);
  });

  it('accepts a token', () => {
    expect(turnstileTokenSchema.parse(' 0.abc-DEF_123 ')).toBe('0.abc-DEF_123');
  });
});

describe('issue codes', () => {
  it('maps an issue zod raised by itself to INVALID_REQUEST', () => {
    const result = z.object({ email: emailSchema }).safeParse('not an object');
    expect(result.success).toBe(false);
    if (result.success) return;
    const [issue] = result.error.issues;
    expect(issue && issueToError(issue)).toEqual({
      code: 'INVALID_REQUEST',
      message: 'The request is not valid.',
      field: '',
    });
  });

  it('reports the field path and keeps the first error per field', () => {
    const schema = z.object({ email: emailSchema, name: nameSchema });
    const result = schema.safeParse({ email: 'nope', name: 'a' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({
      email: {
        code: 'EMAIL_INVALID',
        message: 'Please enter a valid email address',
        field: 'email',
      },
      name: {
        code: 'NAME_TOO_SHORT',
        message: 'Name must be at least 2 characters',
        field: 'name',
      },
    });
    expect(firstIssueError(result.error).field).toBe('email');
    expect(firstIssueCode(result.error)).toBe('EMAIL_INVALID');
  });

  it('puts the spec text in the zod message so forms can show it directly', () => {
    const result = emailSchema.safeParse('');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Email is required');
  });
});

describe('canResendConfirmation', () => {
  it.each([null, undefined, '', '   '])('fails without a stored email (%j)', (stored) => {
    expect(canResendConfirmation(stored)).toEqual({
      ok: false,
      code: 'NO_SUBSCRIPTION_EMAIL',
      message: 'No subscription email found',
    });
  });

  it('passes with a stored email', () => {
    expect(canResendConfirmation(' reader@example.com ')).toEqual({
      ok: true,
      email: 'reader@example.com',
    });
  });
});
