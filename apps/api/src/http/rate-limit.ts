import { isIP } from 'node:net';
import type { Request, RequestHandler } from 'express';
import type { Clock } from '../clock.js';
import { AppError } from './errors.js';

export interface RateLimitOptions {
  /** Requests allowed per key within one window. */
  max: number;
  windowMs: number;
  clock: Clock;
}

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * A fixed-window counter per key, kept in memory: enough for one API process, and forgotten on
 * restart, which only ever loosens a limit. Expired keys are swept as new ones arrive.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private nextSweep = 0;

  constructor(private readonly options: RateLimitOptions) {}

  /** Counts one hit for `key` and says whether it is within the limit. */
  hit(key: string): RateLimitResult {
    const now = this.options.clock.now();
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.options.windowMs };
      this.windows.set(key, window);
    }
    if (window.count >= this.options.max) {
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
      };
    }
    window.count += 1;
    return { allowed: true };
  }

  /** Whether `key` has used up its window, without counting a hit (for "N failures, then 429"). */
  peek(key: string): RateLimitResult {
    const now = this.options.clock.now();
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now || window.count < this.options.max)
      return { allowed: true };
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
    };
  }

  /** Throws the 429 AppError (with Retry-After) when `key` is over its limit. */
  consume(key: string): void {
    const result = this.hit(key);
    if (!result.allowed) {
      throw new AppError(429, 'RATE_LIMITED', undefined, {
        'Retry-After': String(result.retryAfterSeconds),
      });
    }
  }

  reset(): void {
    this.windows.clear();
  }

  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + this.options.windowMs;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/**
 * The rate-limit key of a client address. IPv4 counts per address; IPv6 per /64, since one
 * subscriber line gets a whole /64 and can pick a fresh address for every request.
 */
export function clientKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIP(ip) !== 6) return ip;
  return `${expandIpv6(ip).slice(0, 4).join(':')}::/64`;
}

function expandIpv6(ip: string): string[] {
  const withoutZone = ip.split('%')[0] ?? ip;
  const [head = '', tail] = withoutZone.split('::');
  // An embedded IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) stands for two groups.
  const groups = (part: string) =>
    part
      .split(':')
      .filter(Boolean)
      .flatMap((group) => {
        if (!group.includes('.')) return [group];
        const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
        return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
      });
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}

/** Middleware limiting a route by client address (grouped as `clientKey` says). */
export function limitByClient(limiter: RateLimiter, scope: string): RequestHandler {
  return (req: Request, _res, next) => {
    limiter.consume(`${scope}:${clientKey(req.ip)}`);
    next();
  };
}
