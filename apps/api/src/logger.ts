import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({ level, base: undefined });
}

/** Tokens and codes travel in query strings (and one-click unsubscribe paths); never log them. */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|code|state|manage)=)[^&#]*/gi, '$1[redacted]')
    .replace(/(\/api\/newsletter\/unsubscribe\/)[^/?#]+/i, '$1[redacted]');
}
