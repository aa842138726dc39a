import type { ExpectedVersion } from './types.js';

/** The stream was not at the version the writer expected (optimistic concurrency conflict). */
export class WrongExpectedVersionError extends Error {
  override readonly name = 'WrongExpectedVersionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    /** The stream's actual version, 0 when it does not exist. */
    readonly actual: number,
  ) {
    super(`Stream ${streamId} is at version ${actual}, expected ${String(expected)}`);
  }
}

/** An event id that is already stored was sent again with different content or stream. */
export class DuplicateEventIdError extends Error {
  override readonly name = 'DuplicateEventIdError';
  constructor(
    readonly eventId: string,
    readonly streamId: string,
  ) {
    super(`Event ${eventId} is already stored in another stream or position than ${streamId}`);
  }
}

export class UnknownEventTypeError extends Error {
  override readonly name = 'UnknownEventTypeError';
  constructor(readonly type: string) {
    super(`Event type "${type}" is not registered`);
  }
}
