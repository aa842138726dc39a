import { STATUS_CODES } from 'node:http';
import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DuplicateEventIdError, WrongExpectedVersionError } from '#libs/eventstore/src/index.js';
import { AppError } from '../errors.js';
import { redactUrl, type Logger } from '../logging.js';

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  errors?: Record<string, string>;
  [key: string]: unknown;
}

/** The one error shape: `{ statusCode, error, message, errors? }`. Unknown errors are 500 and logged. */
export function toErrorBody(exception: unknown): ErrorBody {
  const body = (statusCode: number, message: string, extra: Partial<ErrorBody> = {}): ErrorBody => ({
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...extra,
  });
  if (exception instanceof AppError) {
    const details = (exception as { details?: Record<string, unknown> }).details;
    return body(exception.statusCode, exception.message, {
      ...(exception.errors ? { errors: exception.errors } : {}),
      ...(details ?? {}),
    });
  }
  if (exception instanceof WrongExpectedVersionError) {
    return body(409, 'This record was changed by someone else. Reload it and try again.', {
      actualVersion: exception.actual,
    });
  }
  if (exception instanceof DuplicateEventIdError) return body(409, exception.message);
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    let message = exception.message;
    if (typeof response === 'object' && response && 'message' in response) {
      const m = (response as { message: unknown }).message;
      message = Array.isArray(m) ? m.join(', ') : String(m);
    }
    // Express's body parser reports bad JSON as a 400 with its own wording.
    if (status === 400 && /JSON/i.test(message)) message = 'The request body is not valid JSON';
    if (status === 413) message = 'The request body is too large';
    return body(status, message);
  }
  const status =
    (exception as { status?: number; statusCode?: number })?.status ??
    (exception as { statusCode?: number })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const type = (exception as { type?: string }).type;
    if (type === 'entity.parse.failed') return body(400, 'The request body is not valid JSON');
    if (type === 'entity.too.large') return body(413, 'The request body is too large');
    return body(status, (exception as Error).message || STATUS_CODES[status] || 'Bad request');
  }
  return body(500, 'Something went wrong on our side. Please try again.');
}

/** Seconds until a refused request may be tried again: the error's own figure, else a minute. */
function retryAfterOf(body: ErrorBody): number {
  const seconds = body.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60;
}

@Catch()
export class ErrorFilter implements ExceptionFilter {
  constructor(private readonly log: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request & { id?: string }>();
    const body = toErrorBody(exception);
    if (body.statusCode >= 500) {
      this.log.error({ err: exception, requestId: request.id, url: redactUrl(request.originalUrl) }, 'request failed');
    }
    if (body.statusCode === 401) body.redirect = '/login';
    if (response.headersSent) return;
    // 429s say when to try again (RFC 9110 `Retry-After`, in seconds).
    if (body.statusCode === 429 || body.statusCode === 503)
      response.setHeader('Retry-After', String(retryAfterOf(body)));
    response.status(body.statusCode).json(body);
  }
}
