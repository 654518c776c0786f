import { describe, expect, it } from 'vitest';
import { firstIssueError } from '../validation.js';
import {
  newsletterIssueCreateSchema,
  newsletterSendSchema,
  uncertainResolveSchema,
} from './index.js';

describe('newsletter contracts', () => {
  it('creates from a post by default and tidies the subject', () => {
    expect(
      newsletterIssueCreateSchema.parse({ slug: ' tiny-tools ', subject: '  Hello\n  there ' }),
    ).toEqual({
      kind: 'post',
      slug: 'tiny-tools',
      subject: 'Hello there',
    });
    expect(newsletterIssueCreateSchema.parse({ kind: 'poem', slug: 'rain', subject: '' })).toEqual({
      kind: 'poem',
      slug: 'rain',
      subject: undefined,
    });
    expect(newsletterIssueCreateSchema.safeParse({ kind: 'book', slug: 'x' }).success).toBe(false);
  });

  it('sends now without a time, or at an ISO instant with its offset', () => {
    expect(newsletterSendSchema.parse({})).toEqual({});
    expect(newsletterSendSchema.parse({ scheduledAt: null }).scheduledAt).toBeNull();
    expect(
      newsletterSendSchema.parse({ scheduledAt: '2026-03-01T09:30:00+01:00' }).scheduledAt,
    ).toBe('2026-03-01T08:30:00.000Z');
    for (const scheduledAt of ['2026-03-01 09:30', '2026-03-01T09:30:00', 'tomorrow', 5]) {
      const result = newsletterSendSchema.safeParse({ scheduledAt });
      expect(result.success).toBe(false);
      if (!result.success)
        expect(firstIssueError(result.error).code).toBe('NEWSLETTER_SCHEDULE_INVALID');
    }
  });

  it('resolves uncertain batches by resending or skipping them, nothing else', () => {
    expect(uncertainResolveSchema.parse({ action: 'resend' })).toEqual({ action: 'resend' });
    expect(uncertainResolveSchema.safeParse({ action: 'delete' }).success).toBe(false);
  });
});
