import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import type { Request, RequestHandler } from 'express';
import type { Statement } from 'better-sqlite3';
import type { Clock } from '../clock.js';
import type { Db } from '../db/connection.js';
import type { OwnedTables } from '../db/ownership.js';
import { AppError } from './errors.js';

/** Keys are stored hashed (rowKey), so no row names a person. */
export const OWNED_TABLES = { rate_limits: 'site' } as const satisfies OwnedTables;

export interface RateLimitOptions {
  /** The database every API process shares: their limits are one budget, not one each. */
  db: Db;
  /** Names this limiter's rows, so two limiters never share a key. */
  name: string;
  /** Requests allowed per key within one window. */
  max: number;
  windowMs: number;
  clock: Clock;
}

interface WindowRow {
  count: number;
  reset_at: number;
}

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Keys are addresses and IPs; a counter needs only to tell them apart, so the table keeps a hash
 * and a copy of the database names nobody.
 */
function rowKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 22);
}

/**
 * A fixed-window counter per key, kept in SQLite (table rate_limits), so every process on the
 * database counts against the same budget and a restart forgets nothing. A hit is one atomic
 * upsert; expired rows are swept once a window.
 */
export class RateLimiter {
  private readonly upsert: Statement<{
    limiter: string;
    key: string;
    now: number;
    resetAt: number;
  }>;
  private readonly read: Statement<{ limiter: string; key: string }>;
  private readonly sweepExpired: Statement<{ limiter: string; now: number }>;
  private nextSweep = 0;

  constructor(private readonly options: RateLimitOptions) {
    const { db } = options;
    this.upsert = db.prepare(
      `INSERT INTO rate_limits (limiter, key, count, reset_at) VALUES (@limiter, @key, 1, @resetAt)
       ON CONFLICT (limiter, key) DO UPDATE SET
         count = CASE WHEN reset_at <= @now THEN 1 ELSE count + 1 END,
         reset_at = CASE WHEN reset_at <= @now THEN @resetAt ELSE reset_at END
       RETURNING count, reset_at`,
    );
    this.read = db.prepare(
      'SELECT count, reset_at FROM rate_limits WHERE limiter = @limiter AND key = @key',
    );
    this.sweepExpired = db.prepare(
      'DELETE FROM rate_limits WHERE limiter = @limiter AND reset_at <= @now',
    );
  }

  /** Counts one hit for `key` and says whether it is within the limit. */
  hit(key: string): RateLimitResult {
    const now = this.options.clock.now();
    this.sweep(now);
    const window = this.upsert.get({
      limiter: this.options.name,
      key: rowKey(key),
      now,
      resetAt: now + this.options.windowMs,
    }) as WindowRow;
    return this.verdict(window, now, window.count > this.options.max);
  }

  /** Whether `key` has used up its window, without counting a hit (for "N failures, then 429"). */
  peek(key: string): RateLimitResult {
    const now = this.options.clock.now();
    const window = this.read.get({ limiter: this.options.name, key: rowKey(key) }) as
      WindowRow | undefined;
    if (!window || window.reset_at <= now) return { allowed: true };
    return this.verdict(window, now, window.count >= this.options.max);
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

  private verdict(window: WindowRow, now: number, over: boolean): RateLimitResult {
    if (!over) return { allowed: true };
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((window.reset_at - now) / 1000)),
    };
  }

  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + this.options.windowMs;
    this.sweepExpired.run({ limiter: this.options.name, now });
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
