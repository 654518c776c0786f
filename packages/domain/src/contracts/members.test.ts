import { describe, expect, it } from 'vitest';
import { firstIssueError } from '../validation.js';
import {
  commentCreateSchema,
  csvCell,
  csvRow,
  eventInputSchema,
  isValidTimeZone,
  normalizePlainText,
  profileUpdateSchema,
  roleAssignSchema,
  siteSettingsUpdateSchema,
  tempBanSchema,
} from './index.js';
import { linkifyText } from '../comment-text.js';
import type { z } from 'zod';

function codeOf(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  return result.success ? 'OK' : firstIssueError(result.error).code;
}

describe('comment text', () => {
  it('is plain text: trimmed, control and bidi characters dropped, blank lines collapsed', () => {
    expect(normalizePlainText('  hi\r\n\r\n\r\n\r\nthere\u202e\u0007  ')).toBe('hi\n\nthere');
  });

  it('is required and at most 2,000 characters', () => {
    expect(codeOf(commentCreateSchema, { body: '   ' })).toBe('COMMENT_REQUIRED');
    expect(codeOf(commentCreateSchema, { body: 'x'.repeat(2001) })).toBe('COMMENT_TOO_LONG');
    expect(codeOf(commentCreateSchema, { body: '😀'.repeat(2000) })).toBe('OK');
    expect(commentCreateSchema.parse({ body: ' <b>hi</b> ' }).body).toBe('<b>hi</b>');
  });

  it('links only http(s) URLs and leaves trailing punctuation outside the link', () => {
    expect(linkifyText('See https://example.com/a?b=1. Or javascript:alert(1)')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: '. Or javascript:alert(1)' },
    ]);
    expect(linkifyText('(https://en.wikipedia.org/wiki/Tool_(disambiguation))')).toEqual([
      { kind: 'text', text: '(' },
      {
        kind: 'link',
        text: 'https://en.wikipedia.org/wiki/Tool_(disambiguation)',
        href: 'https://en.wikipedia.org/wiki/Tool_(disambiguation)',
      },
      { kind: 'text', text: ')' },
    ]);
    expect(linkifyText('no links here')).toEqual([{ kind: 'text', text: 'no links here' }]);
    expect(linkifyText('https://user:pw@evil.test/')).toEqual([
      { kind: 'text', text: 'https://user:pw@evil.test/' },
    ]);
  });
});

describe('CSV cells', () => {
  it.each([
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['+1', "'+1"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['a,b', '"a,b"'],
    ['line\nbreak', '"line\nbreak"'],
    ['plain', 'plain'],
  ])('%j becomes %j', (input, output) => {
    expect(csvCell(input)).toBe(output);
  });

  it('joins a row and writes null as empty', () => {
    expect(csvRow(['a', null, true, 3])).toBe('a,,true,3');
  });
});

describe('profile updates', () => {
  it('keeps only the four owned fields', () => {
    const parsed = profileUpdateSchema.parse({
      name: ' Ada ',
      bio: ' Writes. ',
      website: 'https://ada.example',
      showInDirectory: true,
      role: 'admin',
      email: 'x@example.com',
    });
    expect(parsed).toEqual({
      name: 'Ada',
      bio: 'Writes.',
      website: 'https://ada.example/',
      showInDirectory: true,
    });
  });

  it('refuses script URLs and long bios', () => {
    expect(codeOf(profileUpdateSchema, { website: 'javascript:alert(1)' })).toBe('WEBSITE_INVALID');
    expect(codeOf(profileUpdateSchema, { bio: 'x'.repeat(281) })).toBe('BIO_TOO_LONG');
    expect(profileUpdateSchema.parse({ website: '  ', bio: '' })).toEqual({
      website: null,
      bio: null,
    });
  });
});

describe('events', () => {
  const base = { title: 'Reading night', startsAt: '2026-03-10T19:00', timeZone: 'Europe/London' };

  it('accepts wall-clock times in a known time zone', () => {
    expect(codeOf(eventInputSchema, base)).toBe('OK');
    expect(isValidTimeZone('America/New_York')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });

  it.each([
    [{ ...base, timeZone: 'Nowhere/Land' }, 'TIME_ZONE_INVALID'],
    [{ ...base, startsAt: '2026-02-30T19:00' }, 'EVENT_TIME_INVALID'],
    [{ ...base, endsAt: '2026-03-10T18:00' }, 'EVENT_END_BEFORE_START'],
    [{ ...base, title: ' ' }, 'EVENT_TITLE_REQUIRED'],
    [{ ...base, url: 'data:text/html,hi' }, 'WEBSITE_INVALID'],
  ])('%j is %s', (input, code) => {
    expect(codeOf(eventInputSchema, input)).toBe(code);
  });
});

describe('moderation and admin inputs', () => {
  it('bounds ban lengths and requires a reason', () => {
    expect(codeOf(tempBanSchema, { hours: 24, reason: 'Spam' })).toBe('OK');
    expect(codeOf(tempBanSchema, { hours: 0, reason: 'Spam' })).toBe('BAN_DURATION_INVALID');
    expect(codeOf(tempBanSchema, { hours: 24 * 366, reason: 'Spam' })).toBe('BAN_DURATION_INVALID');
    expect(codeOf(tempBanSchema, { hours: 24, reason: '' })).toBe('REASON_REQUIRED');
  });

  it('assigns only stored roles', () => {
    expect(codeOf(roleAssignSchema, { role: 'moderator' })).toBe('OK');
    expect(codeOf(roleAssignSchema, { role: 'anonymous' })).toBe('ROLE_INVALID');
    expect(codeOf(roleAssignSchema, { role: 'owner' })).toBe('ROLE_INVALID');
  });

  it('takes a subset of the settings and nothing else', () => {
    expect(codeOf(siteSettingsUpdateSchema, { commentsOpen: false })).toBe('OK');
    // The site's time zone is site.yml's (Console → Site), not a setting.
    expect(codeOf(siteSettingsUpdateSchema, { defaultTimeZone: 'Europe/London' })).toBe(
      'INVALID_REQUEST',
    );
    expect(codeOf(siteSettingsUpdateSchema, { adminEmails: 'x' })).toBe('INVALID_REQUEST');
  });
});
