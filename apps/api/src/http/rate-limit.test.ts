import { afterEach, describe, expect, it } from 'vitest';
import { manualClock } from '../clock.js';
import { AppError } from './errors.js';
import { createTempDatabase } from '../test-support/test-app.js';
import { RateLimiter, clientKey, type RateLimitOptions } from './rate-limit.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A limiter on a fresh temp database; pass `db` to share one. */
function limiter(options: Omit<RateLimitOptions, 'db' | 'name'> & Partial<RateLimitOptions>) {
  let db = options.db;
  if (!db) {
    const database = createTempDatabase();
    cleanups.push(database.cleanup);
    db = database.db;
  }
  return new RateLimiter({ name: 'test', ...options, db });
}

describe('rate limiter', () => {
  it('allows max hits per window per key, then says when to retry', () => {
    const clock = manualClock();
    const limits = limiter({ max: 2, windowMs: 60_000, clock });
    expect(limits.hit('a')).toEqual({ allowed: true });
    expect(limits.hit('a')).toEqual({ allowed: true });
    expect(limits.hit('b')).toEqual({ allowed: true });
    clock.advance(20_000);
    expect(limits.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 40 });
    clock.advance(40_000);
    expect(limits.hit('a')).toEqual({ allowed: true });
  });

  it('throws a 429 AppError with Retry-After', () => {
    const limits = limiter({ max: 1, windowMs: 3_600_000, clock: manualClock() });
    limits.consume('k');
    try {
      limits.consume('k');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        status: 429,
        code: 'RATE_LIMITED',
        headers: { 'Retry-After': '3600' },
      });
    }
  });

  it('forgets expired keys', () => {
    const clock = manualClock();
    const database = createTempDatabase();
    cleanups.push(database.cleanup);
    const limits = limiter({ max: 1, windowMs: 1_000, clock, db: database.db });
    for (let i = 0; i < 100; i += 1) limits.hit(`k${i}`);
    clock.advance(1_000);
    limits.hit('fresh');
    expect(database.db.prepare('SELECT count(*) FROM rate_limits').pluck().get()).toBe(1);
  });

  it('keeps no address or IP in the table, only what tells keys apart', () => {
    const database = createTempDatabase();
    cleanups.push(database.cleanup);
    const limits = limiter({ max: 1, windowMs: 1_000, clock: manualClock(), db: database.db });
    limits.hit('mail:reader@example.test');
    limits.hit('subscribe:203.0.113.9');
    expect(limits.peek('mail:reader@example.test').allowed).toBe(false);
    expect(limits.peek('mail:other@example.test').allowed).toBe(true);
    const stored = JSON.stringify(database.db.prepare('SELECT * FROM rate_limits').all());
    expect(stored).not.toContain('reader@example.test');
    expect(stored).not.toContain('203.0.113.9');
  });

  it('is one budget for every limiter instance on the database, and per name', () => {
    const clock = manualClock();
    const database = createTempDatabase();
    cleanups.push(database.cleanup);
    // Two processes are two connections to one file; here, two limiters on one database.
    const first = limiter({ max: 3, windowMs: 60_000, clock, db: database.db });
    const second = limiter({ max: 3, windowMs: 60_000, clock, db: database.db });
    expect([first.hit('a'), second.hit('a'), first.hit('a')].every((r) => r.allowed)).toBe(true);
    expect(second.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(first.peek('a').allowed).toBe(false);
    const other = limiter({ max: 3, windowMs: 60_000, clock, db: database.db, name: 'other' });
    expect(other.hit('a')).toEqual({ allowed: true });
  });
});

describe('client key', () => {
  it('keeps IPv4 addresses (also IPv4-mapped IPv6) as they are', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses by /64', () => {
    const a = clientKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002::1')).toBe(a);
    expect(clientKey('2001:db8:1:2::ffff:1.2.3.4')).toBe(a);
    expect(clientKey('2001:db8:1:3::1')).not.toBe(a);
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
