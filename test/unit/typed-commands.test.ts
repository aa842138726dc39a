import { describe, expect, it } from '@jest/globals';
import { CAMPAIGN, croAggregate } from '#libs/cro/src/domain/deciders.js';
import { MEMBER, ORGANISATION } from '#libs/organisations/src/domain/deciders.js';
import { DecideCommand } from '#libs/platform/src/commands/decide.command.js';

/*
 * Commands name their aggregate by its handle and one of its decider's actions, checked by the
 * compiler (issue 26 point 2). The `@ts-expect-error` lines are the test: `npm run typecheck`
 * fails when a misspelt or foreign action compiles (an unused `@ts-expect-error` is an error).
 */
const actor = { userId: 'u1', roles: ['owner'] };

describe('typed commands', () => {
  it('take the actions of their decider, under the aggregate name of their streams', () => {
    const publish = new DecideCommand(CAMPAIGN, 'c1', { type: 'Publish', actor, data: {} });
    expect([publish.aggregate, publish.target.decider, publish.command.type]).toEqual([
      'campaign',
      CAMPAIGN.decider,
      'Publish',
    ]);
    expect(new DecideCommand(MEMBER, 'm1', { type: 'Accept', actor, data: {} }).aggregate).toBe('member');
    // A kind chosen at run time (a copy of any CRO record) is typed as any of its actions.
    expect(new DecideCommand(croAggregate('cta'), 'x', { type: 'Create', actor, data: {} }).aggregate).toBe('cta');
  });

  it('refuse at compile time an action the decider does not have', () => {
    // @ts-expect-error: campaigns have no Accept (a member's action)
    const wrong = new DecideCommand(CAMPAIGN, 'c1', { type: 'Accept', actor, data: {} });
    // @ts-expect-error: a misspelt action
    const misspelt = new DecideCommand(ORGANISATION, 'o1', { type: 'ChangePlann', actor, data: {} });
    expect([wrong.command.type, misspelt.command.type]).toEqual(['Accept', 'ChangePlann']);
  });
});
