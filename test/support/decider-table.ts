import { it } from '@jest/globals';
import type { Actor, Command, Decider, DomainEvent } from '#libs/platform/src/decider.js';
import { expectWith } from './expect.js';
import { given, statusOf } from './given.js';

type AnyDecider = Decider<any, any, any, any>;

/**
 * A cell of a hand-typed decision table: the status the action leads to, `'='` for an edit that
 * keeps the status, or the HTTP status of the refusal (403 role, 404 unknown, 409 conflict, 422
 * state or validation).
 */
export type Outcome = string | 403 | 404 | 409 | 422;

/** The label of the row for a record that does not exist yet. */
export const NONE = '(none)';

/** A column of the table: who acts (every actor listed must get the cell's answer). */
export interface Column {
  column: string;
  actors: readonly Actor[];
}

/** One row: action, from-status, then one cell per column. */
export type Row = readonly [action: string, from: string, ...cells: Outcome[]];

/**
 * What the decider answers to `command` after `history`: the status after its events, `'='`
 * when an existing record keeps its status (an edit), or the refusal's HTTP status.
 */
export function outcome(
  decider: AnyDecider,
  history: readonly DomainEvent[],
  command: Command<string, unknown>,
): Outcome | 'no events' {
  const { state } = given(decider, history);
  let events: DomainEvent[];
  try {
    events = decider.decide(command, state);
  } catch (error) {
    const status = statusOf(error);
    if (status === undefined) throw error;
    return status as Outcome;
  }
  if (events.length === 0) return 'no events';
  const before = decider.statusOf(state);
  const after = decider.statusOf(events.reduce(decider.evolve, state));
  return history.length > 0 && after === before ? '=' : after;
}

/**
 * One test per row: every actor of every column, after every history leading to the row's
 * from-status, gets the cell's answer. Then one test per from-status: `allowedActions` is exactly
 * the actions whose cell is allowed (a status or '='), column by column.
 */
export function checkTable(options: {
  decider: AnyDecider;
  columns: readonly Column[];
  rows: readonly Row[];
  histories: Record<string, readonly (readonly DomainEvent[])[]>;
  data: Record<string, unknown>;
  context?: (action: string, actor: Actor) => unknown;
}) {
  const { decider, columns, rows, histories, data } = options;
  const contextOf = options.context ?? (() => undefined);
  for (const [action, from, ...cells] of rows) {
    const expected = columns.map(({ column }, i) => `${column}: ${cells[i]}`).join(', ');
    it(`${action} from ${from} -> ${expected}`, () => {
      columns.forEach(({ column, actors }, i) => {
        for (const actor of actors) {
          for (const history of histories[from]!) {
            const got = outcome(decider, history, {
              type: action,
              data: data[action],
              actor,
              context: contextOf(action, actor),
            });
            expectWith(
              got,
              `${action} from ${from} by ${column} (${actor.name}) after ${history.map((e) => e.type).join(', ') || 'nothing'}`,
            ).toBe(cells[i]);
          }
        }
      });
    });
  }

  const statuses = [...new Set(rows.map(([, from]) => from))];
  for (const from of statuses) {
    it(`allowedActions from ${from} are the allowed cells of the table, column by column`, () => {
      columns.forEach(({ column, actors }, i) => {
        const wanted = rows
          .filter(([, f, ...cells]) => f === from && typeof cells[i] === 'string')
          .map(([action]) => action)
          .sort();
        for (const actor of actors) {
          for (const history of histories[from]!) {
            const { state } = given(decider, history);
            const shown = decider.allowedActions(
              decider.statusOf(state),
              actor,
              state,
              contextOf('', actor),
            ) as string[];
            expectWith([...shown].sort(), `${column} (${actor.name}) from ${from}`).toEqual(wanted);
          }
        }
      });
    });
  }
}
