import { expect } from '@jest/globals';
import type { Command, Decider, DomainEvent } from '#libs/platform/src/decider.js';

type AnyDecider = Decider<any, any, any, any>;

/**
 * Given/when/then on events for a decider (DESIGN.md "Tests"):
 *
 *   given(postDecider, [created, submitted])
 *     .when({ type: 'Publish', data: {}, actor: editor, context })
 *     .then([{ type: 'PostPublished', data: { ... } }]);
 *
 *   given(postDecider, [created]).when(publishByWriter).refused(403, 'Your role may not Publish this post');
 *
 * `then` compares the emitted events' types and data with the expected ones written out in the
 * test (`toEqual`, so every field counts; use `expect.any(String)` for generated ids and times).
 * `refused` takes the HTTP status the refusal answers (403 forbidden, 404 not found, 422 validation or
 * 409 conflict, 422 invalid transition or guard, 400 malformed) and, optionally, its message
 * (a string for equality, a RegExp to match).
 */
export function given(decider: AnyDecider, history: readonly DomainEvent[]) {
  const state = decider.fold(history as never[]);
  return {
    state,
    when(command: Command<string, unknown>) {
      const decide = () => decider.decide(command, state) as DomainEvent[];
      return {
        then(expected: readonly DomainEvent[]): DomainEvent[] {
          const events = decide();
          expect(events.map(({ type, data }) => ({ type, data }))).toEqual(expected);
          return events;
        },
        refused(status: 400 | 403 | 404 | 409 | 422, message?: string | RegExp): void {
          let error: unknown;
          try {
            decide();
          } catch (caught) {
            error = caught;
          }
          expect(error).toBeInstanceOf(Error);
          expect({ status: statusOf(error) }).toEqual({ status });
          if (message !== undefined) {
            if (typeof message === 'string') expect((error as Error).message).toBe(message);
            else expect((error as Error).message).toMatch(message);
          }
        },
      };
    },
  };
}

/** The HTTP status an error of the domain answers (libs/platform/src/errors.ts). */
export function statusOf(error: unknown): number | undefined {
  const candidate = error as { statusCode?: unknown };
  return typeof candidate?.statusCode === 'number' ? candidate.statusCode : undefined;
}
