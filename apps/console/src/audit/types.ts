import type { Identifier, RaRecord } from 'react-admin';

/** One entry of `GET /api/audit`: an event of one of the organisation's records. */
export interface AuditRecord extends RaRecord {
  organisationId: Identifier;
  /** The record's kind as its event stream names it: post, website, member, question, redirectrule, ... */
  resource: string;
  resourceId: string;
  /** The record's name as the audit knows it (a post's title, a website's name, a domain...); null when it never had one. */
  recordName: string | null;
  /** The event type, e.g. PostReturned. */
  type: string;
  /** The command that caused it, e.g. ReturnToWriter (null for events no command caused). */
  action: string | null;
  actor: { id: Identifier; name: string | null; email: string | null } | null;
  time: string;
  /** Workflow status before and after (posts), null otherwise. */
  from: string | null;
  to: string | null;
  note: string | null;
  version: number;
}
