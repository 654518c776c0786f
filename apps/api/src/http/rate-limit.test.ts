import { describe, expect, it } from 'vitest';
import { manualClock } from '../clock.js';
import { AppError } from './errors.js';
import { RateLimiter, clientKey } from './rate-limit.js';

describe('rate limiter', () => {
  it('allows max hits per window per key, then says when to retry', () => {
    const clock = manualClock();
    const limiter = new RateLimiter({ max: 2, windowMs: 60_000, clock });
    expect(limiter.hit('a')).toEqual({ allowed: true });
    expect(limiter.hit('a')).toEqual({ allowed: true });
    expect(limiter.hit('b')).toEqual({ allowed: true });
    clock.advance(20_000);
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 40 });
    clock.advance(40_000);
    expect(limiter.hit('a')).toEqual({ allowed: true });
  });

  it('throws a 429 AppError with Retry-After', () => {
    const limiter = new RateLimiter({ max: 1, windowMs: 3_600_000, clock: manualClock() });
    limiter.consume('k');
    try {
      limiter.consume('k');
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
    const limiter = new RateLimiter({ max: 1, windowMs: 1_000, clock });
    for (let i = 0; i < 100; i += 1) limiter.hit(`k${i}`);
    clock.advance(1_000);
    limiter.hit('fresh');
    expect(limiter.size).toBe(1);
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
