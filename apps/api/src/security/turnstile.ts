import { hashToken } from './secrets.js';
import { TURNSTILE_DUMMY_TOKEN } from '@quillpost/domain';
import type { Clock } from '../clock.js';
import type { Env } from '../env.js';
import type { Logger } from '../logger.js';

export type SecurityCheckResult =
  { ok: true } | { ok: false; reason: 'missing' | 'invalid' | 'replayed' | 'unavailable' };

/** Tells a person from a bot before the API sends mail on someone's behalf. */
export interface SecurityCheck {
  /** Whether a request without a token is refused (always, except the local development verifier). */
  readonly tokenRequired: boolean;
  verify(token: string | undefined, remoteIp?: string): Promise<SecurityCheckResult>;
}

/** A Turnstile token is valid for 300 s; remembering it that long refuses every replay. */
const TOKEN_LIFETIME_MS = 300_000;

/** Remembers spent tokens (by hash) until they would have expired anyway. */
class SpentTokens {
  private readonly spent = new Map<string, number>();

  constructor(private readonly clock: Clock) {}

  /** Reserves a token; false when it was already used or is being checked right now. */
  claim(token: string): boolean {
    const now = this.clock.now();
    for (const [hash, expiresAt] of this.spent) {
      if (expiresAt > now) break; // insertion order is expiry order
      this.spent.delete(hash);
    }
    const hash = hashToken(token);
    if (this.spent.has(hash)) return false;
    this.spent.set(hash, now + TOKEN_LIFETIME_MS);
    return true;
  }

  release(token: string): void {
    this.spent.delete(hashToken(token));
  }
}

export interface SiteverifyOptions {
  secretKey: string;
  verifyUrl: string;
  clock: Clock;
  logger: Logger;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface SiteverifyResponse {
  success?: boolean;
  'error-codes'?: string[];
}

/**
 * Cloudflare Turnstile's siteverify. Refuses when the token is missing, wrong, replayed, or when
 * Cloudflare cannot be reached: without the check the API would mail anyone a bot names.
 */
export class TurnstileVerifier implements SecurityCheck {
  readonly tokenRequired = true;
  private readonly spent: SpentTokens;

  constructor(private readonly options: SiteverifyOptions) {
    this.spent = new SpentTokens(options.clock);
  }

  async verify(token: string | undefined, remoteIp?: string): Promise<SecurityCheckResult> {
    if (!token) return { ok: false, reason: 'missing' };
    if (!this.spent.claim(token)) return { ok: false, reason: 'replayed' };
    const body = new URLSearchParams({ secret: this.options.secretKey, response: token });
    if (remoteIp) body.set('remoteip', remoteIp);
    let answer: SiteverifyResponse;
    try {
      const response = await (this.options.fetch ?? fetch)(this.options.verifyUrl, {
        method: 'POST',
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5_000),
      });
      if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
      answer = (await response.json()) as SiteverifyResponse;
    } catch (error) {
      // Not spent: the person may retry the same token once Cloudflare is back.
      this.spent.release(token);
      this.options.logger.warn(
        { err: (error as Error).message },
        'turnstile: siteverify unreachable',
      );
      return { ok: false, reason: 'unavailable' };
    }
    if (answer.success === true) return { ok: true };
    const codes = answer['error-codes'] ?? [];
    if (codes.includes('timeout-or-duplicate')) return { ok: false, reason: 'replayed' };
    if (codes.some((code) => code.includes('secret') || code === 'internal-error')) {
      this.options.logger.error({ codes }, 'turnstile: siteverify rejected our configuration');
    }
    return { ok: false, reason: 'invalid' };
  }
}

/**
 * Development and tests, where there is no secret key and often no network: accepts Cloudflare's
 * documented dummy token (what the test sitekeys produce, the same for everyone, so it is never
 * "replayed"), refuses any other token, and lets a request without a token through, as the web
 * app sends the plain variant when the widget could not load within its timeout.
 */
export class LocalSecurityCheck implements SecurityCheck {
  readonly tokenRequired = false;

  async verify(token: string | undefined): Promise<SecurityCheckResult> {
    if (token === undefined || token === TURNSTILE_DUMMY_TOKEN) return { ok: true };
    return { ok: false, reason: 'invalid' };
  }
}

/** Siteverify when TURNSTILE_SECRET_KEY is set (required in production), else the local one. */
export function createSecurityCheck(
  env: Pick<Env, 'TURNSTILE_SECRET_KEY' | 'TURNSTILE_VERIFY_URL'>,
  clock: Clock,
  logger: Logger,
): SecurityCheck {
  if (!env.TURNSTILE_SECRET_KEY) return new LocalSecurityCheck();
  return new TurnstileVerifier({
    secretKey: env.TURNSTILE_SECRET_KEY,
    verifyUrl: env.TURNSTILE_VERIFY_URL,
    clock,
    logger,
  });
}
