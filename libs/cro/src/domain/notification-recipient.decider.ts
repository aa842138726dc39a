import { createHash } from 'node:crypto';
import { NEW, defineDecider, type DomainEvent } from '#libs/platform/src/decider.js';

/**
 * An outside address that a CTA's email notification names (issue 25, "Open mail relay"): stream
 * `notificationrecipient-{id}`, one per organisation and address (letter case aside; the id is
 * derived from both, `notificationRecipientId`). Members of the organisation need no
 * confirmation; anyone else receives the notifications only after confirming by the link of a
 * confirmation mail, and nothing but that mail before.
 *
 * | Action              | From                              | To        | Records                                                     |
 * |---------------------|-----------------------------------|-----------|-------------------------------------------------------------|
 * | RequestConfirmation | (new), pending, confirmed, declined | pending | `ConfirmationRequested` only from (new), or from pending when the last request is a day old or more; nothing otherwise |
 * | Confirm             | pending, declined, confirmed      | confirmed | `Confirmed` with a code of the last requests (30 days); nothing when confirmed already |
 * | Decline             | pending, confirmed, declined      | declined  | `Declined` with such a code; nothing when declined already |
 *
 * So a CTA edit mails one address at most once a day per organisation, and never again once it
 * confirmed or declined. The mailed code is never recorded: the events carry its SHA-256.
 * `at` (ISO 8601) is the moment of the command, given by the caller (the decider is pure).
 */
export const NOTIFICATION_RECIPIENT_STREAM = 'notificationrecipient';

export type NotificationRecipientStatus = 'pending' | 'confirmed' | 'declined';
export type NotificationRecipientAction = 'RequestConfirmation' | 'Confirm' | 'Decline';
export const NOTIFICATION_RECIPIENT_STATUSES: readonly NotificationRecipientStatus[] = [
  'pending',
  'confirmed',
  'declined',
];

/** A confirmation mail goes to one address at most once in this time, per organisation. */
export const CONFIRMATION_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** A confirmation link works this long. */
export const CONFIRMATION_LINK_MS = 30 * 24 * 60 * 60 * 1000;
/** The codes of this many last requests work (an older mail's link stops working). */
const KEPT_CODES = 5;

/** The answer to a code that is unknown, expired, or not this address's. */
export const CONFIRMATION_LINK_INVALID = 'This confirmation link is not valid or has expired';

interface Who {
  organisationId: string;
  address: string;
}

export type NotificationRecipientEvent =
  | DomainEvent<'NotificationRecipientConfirmationRequested', Who & { codeHash: string; requestedAt: string }>
  | DomainEvent<'NotificationRecipientConfirmed', Who & { confirmedAt: string }>
  | DomainEvent<'NotificationRecipientDeclined', Who & { declinedAt: string }>;

export interface NotificationRecipientState {
  status: NotificationRecipientStatus | typeof NEW;
  organisationId: string | null;
  address: string | null;
  /** The last requests' code hashes, newest last. */
  codes: { hash: string; at: string }[];
}

/** An address as the confirmations key it: trimmed, lower case. */
export const normalAddress = (address: string) => address.trim().toLowerCase();

/** The aggregate id of an organisation's address (a UUID-shaped SHA-256 digest). */
export function notificationRecipientId(organisationId: string, address: string): string {
  const hex = createHash('sha256')
    .update(`notification-recipient:${organisationId}:${normalAddress(address)}`)
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-9${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The SHA-256 of a code (what the events keep). */
export const codeHash = (code: string) => createHash('sha256').update(code).digest('hex');

interface RequestData extends Who {
  codeHash: string;
  at: string;
}
interface AnswerData {
  codeHash: string;
  at: string;
}

function timeOf(value: unknown): number {
  const t = typeof value === 'string' ? Date.parse(value) : NaN;
  if (!Number.isFinite(t)) throw new Error('A notification recipient command needs its time');
  return t;
}

/** Whether `data.codeHash` is one of the state's codes and still valid at `data.at`. */
function codeValid(state: NotificationRecipientState, data: AnswerData | undefined): boolean {
  if (!data || typeof data.codeHash !== 'string') return false;
  const at = timeOf(data.at);
  return state.codes.some(
    (c) => c.hash === data.codeHash && at - Date.parse(c.at) <= CONFIRMATION_LINK_MS && at >= Date.parse(c.at),
  );
}

const withCode = (state: NotificationRecipientState, _actor: unknown, context: unknown) =>
  codeValid(state, (context as { answer?: AnswerData } | undefined)?.answer) || CONFIRMATION_LINK_INVALID;

const who = (state: NotificationRecipientState): Who => ({
  organisationId: state.organisationId!,
  address: state.address!,
});

export const notificationRecipientDecider = defineDecider<
  NotificationRecipientStatus,
  NotificationRecipientAction,
  NotificationRecipientState,
  NotificationRecipientEvent
>({
  table: {
    name: 'notification recipient',
    statuses: NOTIFICATION_RECIPIENT_STATUSES,
    transitions: [
      { action: 'RequestConfirmation', from: [NEW, 'pending', 'confirmed', 'declined'], to: 'pending', roles: ['*'] },
      // The code is the authority (the recipient has no account): checked from the command's context.
      { action: 'Confirm', from: ['pending', 'declined', 'confirmed'], to: 'confirmed', roles: ['*'], guard: withCode },
      { action: 'Decline', from: ['pending', 'confirmed', 'declined'], to: 'declined', roles: ['*'], guard: withCode },
    ],
  },
  initialState: { status: NEW, organisationId: null, address: null, codes: [] } as NotificationRecipientState,
  statusOf: (state) => state.status,
  handlers: {
    RequestConfirmation: (state, command: { data: RequestData }) => {
      const { organisationId, address, codeHash: hash, at } = command.data;
      const now = timeOf(at);
      if (state.status === 'confirmed' || state.status === 'declined') return [];
      const last = state.codes.at(-1);
      if (state.status === 'pending' && last && now - Date.parse(last.at) < CONFIRMATION_INTERVAL_MS) return [];
      return [
        {
          type: 'NotificationRecipientConfirmationRequested',
          data: {
            organisationId: state.organisationId ?? organisationId,
            address: state.address ?? normalAddress(address),
            codeHash: hash,
            requestedAt: new Date(now).toISOString(),
          },
        },
      ];
    },
    Confirm: (state, command: { data: AnswerData }) =>
      state.status === 'confirmed'
        ? []
        : [
            {
              type: 'NotificationRecipientConfirmed',
              data: { ...who(state), confirmedAt: new Date(timeOf(command.data.at)).toISOString() },
            },
          ],
    Decline: (state, command: { data: AnswerData }) =>
      state.status === 'declined'
        ? []
        : [
            {
              type: 'NotificationRecipientDeclined',
              data: { ...who(state), declinedAt: new Date(timeOf(command.data.at)).toISOString() },
            },
          ],
  },
  evolve: (state, event) => {
    switch (event.type) {
      case 'NotificationRecipientConfirmationRequested': {
        const { organisationId, address, codeHash: hash, requestedAt } = event.data;
        return {
          status: 'pending',
          organisationId,
          address,
          codes: [...state.codes, { hash, at: requestedAt }].slice(-KEPT_CODES),
        };
      }
      case 'NotificationRecipientConfirmed':
        return { ...state, status: 'confirmed' };
      case 'NotificationRecipientDeclined':
        return { ...state, status: 'declined' };
      default:
        return state;
    }
  },
});

/** The events: the one list (names and schema versions). */
export const NOTIFICATION_RECIPIENT_EVENT_TYPES = [
  { type: 'NotificationRecipientConfirmationRequested', schemaVersion: 1 },
  { type: 'NotificationRecipientConfirmed', schemaVersion: 1 },
  { type: 'NotificationRecipientDeclined', schemaVersion: 1 },
] as const;
export type NotificationRecipientEventType = (typeof NOTIFICATION_RECIPIENT_EVENT_TYPES)[number]['type'];
/** The decider records exactly the events listed (a compile error otherwise). */
export const EVERY_NOTIFICATION_RECIPIENT_EVENT_LISTED: [NotificationRecipientEvent['type']] extends [
  NotificationRecipientEventType,
]
  ? [NotificationRecipientEventType] extends [NotificationRecipientEvent['type']]
    ? true
    : never
  : never = true;
