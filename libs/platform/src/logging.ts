import type { LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs on stdout (one line per record). */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'platform' }, timestamp: pino.stdTimeFunctions.isoTime });
}

/** Routes NestJS's own messages through pino. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pinoLogger: Logger) {}
  log(message: unknown, context?: string) {
    this.pinoLogger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.pinoLogger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.pinoLogger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.pinoLogger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.pinoLogger.trace({ context }, String(message));
  }
}
