import pino from 'pino';
import type { Logger } from 'pino';

export type { Logger };

/** One pino logger for the process; pretty-printed when a person watches the terminal in development. */
export function createLogger(options: { level: string; pretty: boolean }): Logger {
  if (options.pretty) {
    return pino({
      level: options.level,
      transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } },
    });
  }
  return pino({ level: options.level });
}
