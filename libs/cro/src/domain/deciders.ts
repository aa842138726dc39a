import { aggregate, type RegisteredDecider } from '#libs/platform/src/aggregate.js';
import { campaignDecider } from './campaign.decider.js';
import { experimentDecider } from './experiment.decider.js';
import { CRO_KINDS, type CroState } from './kinds.js';
import {
  NOTIFICATION_RECIPIENT_STREAM,
  notificationRecipientDecider,
  type NotificationRecipientState,
} from './notification-recipient.decider.js';

const organisationOf = (state: CroState) => state.organisationId;

/** The CRO kinds' aggregates (kinds.ts), by stream name. */
const KIND_AGGREGATES = new Map(
  CRO_KINDS.map((kind) => [kind.stream, aggregate(kind.stream, kind.decider, organisationOf)] as const),
);

/** The aggregate of a CRO kind's stream name (an event's category): commands to a record of any kind (a copy of it). */
export function croAggregate(stream: string): RegisteredDecider {
  const found = KIND_AGGREGATES.get(stream);
  if (!found) throw new Error(`Unknown CRO aggregate ${stream}`);
  return found;
}

/** The aggregates commands name outside the resource routes (processes), typed by their deciders. */
export const CAMPAIGN = aggregate('campaign', campaignDecider, (state) => state.organisationId);
export const EXPERIMENT = aggregate('experiment', experimentDecider, (state) => state.organisationId);
/** Not a resource of its own: the confirmations of a CTA notification's outside recipients. */
export const NOTIFICATION_RECIPIENT = aggregate(
  NOTIFICATION_RECIPIENT_STREAM,
  notificationRecipientDecider,
  (state: NotificationRecipientState) => state.organisationId,
);

/** The CRO context's aggregates (every kind of kinds.ts, funnels and excluded pages among them): their stream names (`{name}-{id}`) and deciders. */
export const CRO_DECIDERS: RegisteredDecider[] = [...KIND_AGGREGATES.values(), NOTIFICATION_RECIPIENT];
