import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({ level, base: undefined });
}

/** Tokens and codes travel in query strings; they must never reach the logs. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|code|state|manage)=)[^&#]*/gi, '$1[redacted]');
}
