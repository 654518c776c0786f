import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * JSON lines for production log tooling; `pretty` (pnpm dev) prints them for people instead,
 * through pino-pretty, a development dependency loaded only then.
 */
export function createLogger(level: string, { pretty = false }: { pretty?: boolean } = {}): Logger {
  return pino({
    level,
    base: undefined,
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { colorize: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
}

/** Tokens and codes travel in query strings (and one-click unsubscribe paths); never log them. */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|code|state|manage)=)[^&#]*/gi, '$1[redacted]')
    .replace(/(\/api\/newsletter\/unsubscribe\/)[^/?#]+/i, '$1[redacted]');
}
