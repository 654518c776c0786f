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

/**
 * `text` with every email address cut to its first character and its domain (`r…@example.com`):
 * enough to tell a relay's trouble from one reader's typo, not enough to read the list off a log.
 */
export function maskAddresses(text: string): string {
  return text.replace(/([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+)/g, '$1…@$2');
}
