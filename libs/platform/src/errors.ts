/**
 * The product's error vocabulary. Domain code throws these; the HTTP layer turns each into
 * `{ statusCode, error, message, errors? }` (see http/error.filter.ts). Nothing else decides a status.
 */
export abstract class AppError extends Error {
  abstract readonly statusCode: number;
  constructor(
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

/** 400/422: the input breaks a rule. `errors` maps field names to their messages. */
export class ValidationError extends AppError {
  override readonly name = 'ValidationError';
  readonly statusCode = 422;
  constructor(message: string, errors?: Record<string, string>) {
    super(message, errors);
  }
  static field(field: string, message: string): ValidationError {
    return new ValidationError(message, { [field]: message });
  }
}

/** 400: the request itself is malformed (bad JSON, wrong types). */
export class BadRequestError extends AppError {
  override readonly name = 'BadRequestError';
  readonly statusCode = 400;
}

/** 422: the action is not allowed in the record's current state. */
export class InvalidTransitionError extends AppError {
  override readonly name = 'InvalidTransitionError';
  readonly statusCode = 422;
}

/** 403: the user's role may not do this. */
export class ForbiddenError extends AppError {
  override readonly name = 'ForbiddenError';
  readonly statusCode = 403;
}

/** 401: no valid session. */
export class UnauthorizedError extends AppError {
  override readonly name = 'UnauthorizedError';
  readonly statusCode = 401;
}

/** 404: unknown, or belonging to an organisation the user is not a member of. */
export class NotFoundError extends AppError {
  override readonly name = 'NotFoundError';
  readonly statusCode = 404;
}

/** 409: a stale version, a take-over, or a unique value already used. */
export class ConflictError extends AppError {
  override readonly name = 'ConflictError';
  readonly statusCode = 409;
  constructor(
    message: string,
    errors?: Record<string, string>,
    readonly details?: Record<string, unknown>,
  ) {
    super(message, errors);
  }
}

/** 429: too many attempts; try again later. */
export class TooManyRequestsError extends AppError {
  override readonly name = 'TooManyRequestsError';
  readonly statusCode = 429;
  constructor(
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** 410: a link or resource that existed is no longer usable (expired or used). */
export class GoneError extends AppError {
  override readonly name = 'GoneError';
  readonly statusCode = 410;
}

/**
 * 503: the command was recorded, but a read model its answer comes from has not caught up (it
 * stopped on an error, or is slower than the wait allows). Says so instead of answering a stale row.
 */
export class ReadModelBehindError extends AppError {
  override readonly name = 'ReadModelBehindError';
  readonly statusCode = 503;
  constructor(
    message: string,
    readonly details: { saved: true; behind: string[]; retryAfterSeconds: number },
  ) {
    super(message);
  }
}
