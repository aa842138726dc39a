import type { RegisteredDecider } from '#libs/platform/src/commands/decide.command.js';
import { CRO_KINDS, type CroState } from './kinds.js';
import { NOTIFICATION_RECIPIENT_STREAM, notificationRecipientDecider, type NotificationRecipientState } from './notification-recipient.decider.js';

/** The CRO context's aggregates (every kind of kinds.ts, funnels and excluded pages among them): their stream names (`{name}-{id}`) and deciders. */
export const CRO_DECIDERS: RegisteredDecider[] = [
  ...CRO_KINDS.map((kind) => ({
    name: kind.stream,
    decider: kind.decider,
    organisationOf: (state: CroState) => state.organisationId,
  })),
  // Not a resource of its own: the confirmations of a CTA notification's outside recipients.
  { name: NOTIFICATION_RECIPIENT_STREAM, decider: notificationRecipientDecider, organisationOf: (state: NotificationRecipientState) => state.organisationId },
];
