import type { Identifier, RaRecord } from 'react-admin';

/** `GET /api/auth/user` */
export interface CurrentUser {
  id: Identifier;
  email: string;
  name: string;
  role: string;
  organisations: { id: Identifier; name: string; role: string }[];
  websites: { id: Identifier; name: string; organisationId: Identifier }[];
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
}

/** One entry of `GET /api/{resource}/{id}/history`. */
export interface HistoryEntry {
  id?: Identifier;
  type: string;
  version: number;
  time?: string;
  timestamp?: string;
  actor?: string | { id?: Identifier; name?: string; email?: string } | null;
  data?: unknown;
}
