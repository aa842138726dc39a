// The notification recipient decider (issue 25, "Open mail relay"): an outside address of a CTA's
// email notification is mailed one confirmation at most once a day per organisation, never again
// once it confirmed or refused; a code of the last requests, at most 30 days old, confirms or
// refuses. Every expected event is written out by hand.
import { describe, it } from '@jest/globals';
import { given } from '../support/given.js';
import { notificationRecipientDecider as decider } from '#libs/cro/src/domain/notification-recipient.decider.js';

const who = { organisationId: 'org-1', address: 'ann@elsewhere.example' };
const editor = { userId: 'user-1', roles: ['user', 'member', 'cro:editor'] };
const recipient = { userId: 'notification-recipient:x', roles: ['recipient'] };
const requested = (hash: string, at: string) => ({
  type: 'NotificationRecipientConfirmationRequested',
  data: { ...who, codeHash: hash, requestedAt: at },
});
const request = (hash: string, at: string, address = 'Ann@Elsewhere.example') => ({
  type: 'RequestConfirmation',
  actor: editor,
  data: { organisationId: 'org-1', address, codeHash: hash, at },
});
const answer = (type: 'Confirm' | 'Decline', hash: string, at: string) => ({
  type,
  actor: recipient,
  data: { codeHash: hash, at },
  context: { answer: { codeHash: hash, at } },
});
const INVALID = 'This confirmation link is not valid or has expired';

describe('notification recipient decider', () => {
  it('records the first request (the address in lower case) and no second one within a day', () => {
    given(decider, [])
      .when(request('h1', '2030-01-01T10:00:00.000Z'))
      .then([requested('h1', '2030-01-01T10:00:00.000Z')]);
    given(decider, [requested('h1', '2030-01-01T10:00:00.000Z')])
      .when(request('h2', '2030-01-02T09:59:59.999Z'))
      .then([]);
    given(decider, [requested('h1', '2030-01-01T10:00:00.000Z')])
      .when(request('h2', '2030-01-02T10:00:00.000Z'))
      .then([requested('h2', '2030-01-02T10:00:00.000Z')]);
  });

  it('asks nothing again once the address confirmed or refused', () => {
    const confirmed = {
      type: 'NotificationRecipientConfirmed',
      data: { ...who, confirmedAt: '2030-01-01T11:00:00.000Z' },
    };
    const declined = {
      type: 'NotificationRecipientDeclined',
      data: { ...who, declinedAt: '2030-01-01T11:00:00.000Z' },
    };
    given(decider, [requested('h1', '2030-01-01T10:00:00.000Z'), confirmed])
      .when(request('h2', '2030-03-01T10:00:00.000Z'))
      .then([]);
    given(decider, [requested('h1', '2030-01-01T10:00:00.000Z'), declined])
      .when(request('h2', '2030-03-01T10:00:00.000Z'))
      .then([]);
  });

  it('confirms and refuses with a valid code only', () => {
    const history = [requested('h1', '2030-01-01T10:00:00.000Z'), requested('h2', '2030-01-02T10:00:00.000Z')];
    given(decider, history)
      .when(answer('Confirm', 'h1', '2030-01-05T00:00:00.000Z'))
      .then([{ type: 'NotificationRecipientConfirmed', data: { ...who, confirmedAt: '2030-01-05T00:00:00.000Z' } }]);
    given(decider, history)
      .when(answer('Decline', 'h2', '2030-01-05T00:00:00.000Z'))
      .then([{ type: 'NotificationRecipientDeclined', data: { ...who, declinedAt: '2030-01-05T00:00:00.000Z' } }]);
    given(decider, history)
      .when(answer('Confirm', 'other', '2030-01-05T00:00:00.000Z'))
      .refused(422, INVALID);
    // 30 days after its request a code no longer works.
    given(decider, history)
      .when(answer('Confirm', 'h1', '2030-01-31T10:00:00.001Z'))
      .refused(422, INVALID);
    given(decider, history)
      .when(answer('Confirm', 'h2', '2030-01-31T10:00:00.001Z'))
      .then([{ type: 'NotificationRecipientConfirmed', data: { ...who, confirmedAt: '2030-01-31T10:00:00.001Z' } }]);
    // Nothing requested: nothing to confirm.
    given(decider, [])
      .when(answer('Confirm', 'h1', '2030-01-05T00:00:00.000Z'))
      .refused(404);
  });
});
