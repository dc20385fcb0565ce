import pino from 'pino';
import type { Config } from '../config/env';

/** The process logger (structured JSON); the HTTP app logs through a child of it. */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>) {
  return pino({ level: config.LOG_LEVEL, base: { pid: process.pid } });
}
export type Logger = ReturnType<typeof createLogger>;
