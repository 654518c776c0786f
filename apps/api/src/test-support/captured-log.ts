/** A logger whose JSON lines are kept in memory, for tests that read what the server logged. */
import { pino, type Logger } from 'pino';

export function capturedLog(level = 'info'): { logger: Logger; text(): string } {
  const lines: string[] = [];
  const logger = pino({ level, base: undefined }, { write: (line: string) => lines.push(line) });
  return { logger, text: () => lines.join('') };
}
