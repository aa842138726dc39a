import type { LoggerService } from '@nestjs/common';
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** What a redacted value reads as in the logs. */
export const REDACTED = '[redacted]';

const passwordFields = ['password', 'newPassword', 'currentPassword', 'oldPassword'];

/**
 * Fields never written to the logs (pino `redact`): session cookies (`Cookie`, `Set-Cookie`),
 * credentials (`Authorization`), link codes in a request's query and route parameters, and
 * password and token fields of any logged object up to three levels deep. URLs are cleaned by
 * `redactUrl` (the request log's serializer in apps/api/src/app.ts).
 */
export const LOG_REDACT_PATHS: string[] = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["proxy-authorization"]',
  'res.headers["set-cookie"]',
  'req.query.code',
  'req.query.token',
  'req.params.code',
  'req.params.resetCode',
  ...passwordFields.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
  'req.body.token',
  'body.token',
];

/** Query parameters whose values are secrets (link codes, tokens). */
const SECRET_QUERY = /([?&](?:code|token|resetCode)=)[^&#]*/gi;
/** Paths that carry a link code as their last segment. */
const SECRET_PATHS = [/^(\/api\/auth\/magic\/)[^/?#]+/i, /^(\/api\/auth\/password_reset\/confirm\/)[^/?#]+/i];

/** A URL (path and query) as it may be logged: link codes in the path and `code=`/`token=` values replaced. */
export function redactUrl(url: string | undefined): string | undefined {
  if (typeof url !== 'string') return url;
  let cleaned = url;
  for (const pattern of SECRET_PATHS) cleaned = cleaned.replace(pattern, `$1${REDACTED}`);
  return cleaned.replace(SECRET_QUERY, `$1${REDACTED}`);
}

/**
 * Structured JSON logs, one line per record: on stdout, or on `destination` (tests capture it).
 * Secrets are redacted (`LOG_REDACT_PATHS`); children (the request log) inherit it.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'platform' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: LOG_REDACT_PATHS, censor: REDACTED },
  };
  return destination ? pino(options, destination) : pino(options);
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
