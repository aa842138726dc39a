import type { Identifier, RaRecord } from 'react-admin';

/** `GET /api/auth/user` */
export interface CurrentUser {
  id: Identifier;
  email: string;
  name: string;
  role: string;
  /** A platform administrator sees every organisation and manages the projections. */
  platformAdmin: boolean;
  /** `creates`: the resources the user may create there (the API's rules; the console's Create buttons). */
  organisations: { id: Identifier; name: string; role: string; creates?: string[] }[];
  websites: { id: Identifier; name: string; organisationId: Identifier }[];
  navigation: string[];
  /** What the user may create outside any organisation (`organisations`: a new organisation). */
  creates?: string[];
  /** Set while a platform administrator is logged in as this user (`POST /auth/login/as/{id}`). */
  impersonatedBy?: { id: Identifier; name: string; email: string } | null;
}

/** One entry of `GET /api/users` (platform administrators). */
export interface ConsoleUser extends RaRecord {
  email: string;
  name: string;
  role: string;
  platformAdmin: boolean;
  createdAt: string;
}

/** One entry of `GET /api/admin/outbox`: a mail kept while no SMTP server is configured. */
export interface OutboxMail extends RaRecord {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  createdAt: string;
}

/** What `authProvider.getPermissions` answers (`usePermissions`). */
export interface ConsolePermissions {
  role: string;
  platformAdmin: boolean;
  navigation: string[];
}

/** The API's error body: `{ statusCode, error, message, errors?: { field: message } }`. */
export interface ApiErrorBody {
  statusCode?: number;
  error?: string;
  message?: string;
  errors?: Record<string, unknown>;
  redirect?: string;
}

export interface Organisation extends RaRecord {
  name: string;
  website?: string | null;
  country?: string | null;
  locales: string[];
  timezone: string;
  createdAt: string;
  createdBy?: Identifier;
  version: number;
  allowedActions?: string[];
}

export type WebsiteStatus = 'active' | 'inactive';

export interface WebsiteLocale {
  locale: string;
  urlPrefix?: string | null;
}

export interface Website extends RaRecord {
  organisationId: Identifier;
  name: string;
  url: string;
  domain?: string | null;
  status: WebsiteStatus;
  defaultLocale: string;
  locales: WebsiteLocale[];
  timezone: string;
  category?: string | null;
  type?: string | null;
  industry?: string | null;
  currency?: string | null;
  showInSitemap?: boolean;
  secondEdit: boolean;
  customerReview: boolean;
  factCheckLevels: number;
  publishContent: boolean;
  videoCms?: boolean;
  croProxy?: boolean;
  regulated: boolean;
  fourEyes: boolean;
  approvingLocales?: string[];
  reviewType?: string;
  factCheckerDisplay?: boolean;
  cdnDistributionId?: string | null;
  customHeadCode?: string;
  customBodyCode?: string;
  key?: string;
  createdAt: string;
  version: number;
  allowedActions?: string[];
}

/** `GET /api/websites/options` */
export interface WebsiteOptions {
  categories: string[];
  types: string[];
  industries: string[];
  currencies: string[];
  reviewTypes?: string[];
  /** The statuses a website can have, with their labels. */
  statuses?: { id: string; name: string }[];
}

/** One entry of `GET /api/{resource}/{id}/history`. */
export interface HistoryEntry {
  id?: Identifier;
  type: string;
  version: number;
  time?: string;
  timestamp?: string;
  actor?: string | { id?: Identifier; name?: string; email?: string } | null;
  /** The command that caused it (e.g. Deactivate), the status move and the note it carried. */
  action?: string | null;
  from?: string | null;
  to?: string | null;
  note?: string | null;
  /** The person the event is about (a member added or removed), by name. */
  subject?: { id: string; name?: string } | null;
  data?: unknown;
}

export type ProjectionRunnerStatus = 'starting' | 'standby' | 'catching_up' | 'live' | 'failed' | 'stopped';

/** One entry of `GET /api/admin/projections` (platform administrators only). */
export interface Projection extends RaRecord {
  name: string;
  kind: 'projection' | 'relay';
  /** As recorded in the database: a failed projection stopped on an error until restarted. */
  status: 'running' | 'failed';
  /** The API process's own view of the runner; `null` when it does not run this projection. */
  runner: ProjectionRunnerStatus | null;
  /** The checkpoint in the log; `null` before the first event. */
  position: string | null;
  /** Events in the log after the checkpoint. */
  lag: number;
  error: string | null;
  updatedAt: string | null;
}

/** `POST /api/admin/projections/{name}/{rebuild|restart}` (202). */
export interface ProjectionActionResult {
  id: string;
  name: string;
  status: string;
  message?: string;
}

export type MemberStatus = 'pending' | 'accepted' | 'rejected' | 'inactive';

/** One entry of `GET /api/members`: an invitation to an organisation and its outcome. */
export interface Member extends RaRecord {
  organisationId: Identifier;
  userId: Identifier;
  email: string;
  name: string;
  status: MemberStatus;
  /** The console's wording: Invited, Active, Declined, inactive. */
  statusLabel: string;
  orgRole: 'owner' | 'admin' | 'member';
  cmsRole: string;
  croRole: string;
  websiteIds: Identifier[];
  locales: string[];
  invitedAt: string;
  updatedAt: string;
  lastActive: string | null;
  posts: number;
  version: number;
  allowedActions?: string[];
}
