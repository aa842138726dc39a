// What `GET /api/{resource}/options` answers the console for each CRO resource (issue 26 point 5:
// the console keeps no copy of the actions, their order or their words): every action of a kind's
// buttons and of its bulk actions has a label, and the campaigns' answer is the one written out
// here by hand (seed 001 section 7's bulk actions; `SubmitForDraft` takes `ReturnToDraft`).
import { describe, expect, it } from '@jest/globals';
import { CRO_ACTION_LABELS, CRO_KINDS, croKind } from '../../libs/cro/src/domain/kinds.js';
import { croResource } from '../../libs/cro/src/http/cro-resources.js';

describe('the CRO options', () => {
  it('names every action a CRO page or list offers', () => {
    const unnamed = CRO_KINDS.flatMap((kind) =>
      [...kind.actions, ...Object.values(kind.bulk ?? {}).map((bulk) => bulk.action)]
        .filter((action) => !Object.hasOwn(CRO_ACTION_LABELS, action))
        .map((action) => `${kind.resource}: ${action}`),
    );
    expect(unnamed).toEqual([]);
  });

  it("answers a campaign's statuses, buttons and bulk actions with their labels, in the buttons' order", () => {
    const options = croResource(croKind('campaigns')).options() as Record<string, unknown>;
    expect(options.actions).toEqual([
      { id: 'SubmitForReview', name: 'Submit for review' },
      { id: 'ReturnToDraft', name: 'Return to draft' },
      { id: 'Publish', name: 'Publish' },
      { id: 'Unpublish', name: 'Unpublish' },
      { id: 'ReturnToReview', name: 'Return to review' },
      { id: 'Deactivate', name: 'Deactivate' },
      { id: 'Restore', name: 'Restore' },
      { id: 'Duplicate', name: 'Duplicate' },
      { id: 'Generate', name: 'Generate CTAs' },
      { id: 'CancelGeneration', name: 'Cancel generation' },
    ]);
    expect(options.bulk).toEqual([
      { id: 'Publish', action: 'Publish', name: 'Publish' },
      { id: 'SubmitForReview', action: 'SubmitForReview', name: 'Submit for review' },
      { id: 'Deactivate', action: 'Deactivate', name: 'Deactivate' },
      { id: 'SubmitForDraft', action: 'ReturnToDraft', name: 'Return to draft' },
      { id: 'Generate', action: 'Generate', name: 'Generate CTAs' },
    ]);
    expect((options.statuses as { id: string }[]).map((s) => s.id)).toContain('live');
  });

  it("answers no bulk actions and no buttons for a goal (its save and delete are the form's)", () => {
    expect(croResource(croKind('goals')).options()).toMatchObject({ actions: [], bulk: [] });
  });
});
