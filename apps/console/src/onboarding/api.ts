import type { Identifier } from 'react-admin';
import { i18nProvider } from '../i18n';
import { dataProvider } from '../providers/dataProvider';
import { fieldErrorsOf, messageOf, NETWORK_ERROR, type ApiAnswer } from '../public/api';

/** One of `GET /api/organisations/options`' `businessQuestions`: a question and its answer buckets. */
export interface BusinessQuestion {
  field: string;
  label: string;
  options: string[];
}

/** The answers, by question field (`employees`, `monthlyVisitors`, `ltv`, `aov`). */
export type BusinessAnswers = Record<string, string>;

/** What onboarding reads of `GET /api/organisations/{id}`. */
export interface OnboardingOrganisation {
  id: Identifier;
  name: string;
  business: BusinessAnswers | null;
}

/** A website record's installation state (`installation` of `GET /api/websites`). */
export interface WebsiteInstallationState {
  verified: boolean;
  verifiedAt: string | null;
  url: string | null;
}

/** What onboarding reads of a website record. */
export interface OnboardingWebsite {
  id: Identifier;
  name: string;
  url: string;
  organisationId: Identifier;
  installation?: WebsiteInstallationState | null;
}

/** `GET /api/websites/{id}/installation` */
export interface Installation {
  websiteId: Identifier;
  url: string;
  key: string;
  snippet: string;
  verified: boolean;
  verifiedAt: string | null;
  checkedUrl: string | null;
}

/** The spec's installation failure text (seed 000 section 8), as its message key. */
export const SCRIPT_NOT_INSTALLED = 'console.onboarding.notInstalled.title';

/** Where "Get support" writes to. */
export const SUPPORT_EMAIL = 'support@platform.example';

/** A `mailto:` link to support about the installation on `url`, with the reason in the body. */
export const supportLink = (
  url: string | null,
  reason: string | null,
  translate: (key: string, options?: object) => string,
): string => {
  const subject = url
    ? translate('console.onboarding.support.subjectOn', { url })
    : translate('console.onboarding.support.subject');
  const body = [
    translate('console.onboarding.support.hello'),
    ``,
    url ? translate('console.onboarding.support.failedFor', { url }) : translate('console.onboarding.support.failed'),
    reason ? translate('console.onboarding.support.said', { reason }) : '',
    ``,
    translate('console.onboarding.support.help'),
  ]
    .filter((line, index, lines) => line !== '' || lines[index - 1] !== '')
    .join('\n');
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
};

/** The onboarding's steps, as they appear in the address (`/onboarding?step=...`). */
export const STEP_KEYS = ['business', 'website', 'install'] as const;
export type StepKey = (typeof STEP_KEYS)[number];

const withQuery = (path: string, query: Record<string, string | undefined>): string => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

/** `/onboarding`, at a step (the install step carries its website). */
export const onboardingPath = (step?: StepKey, websiteId?: Identifier | null): string =>
  withQuery('/onboarding', { step, website: websiteId != null ? String(websiteId) : undefined });

export const installedPath = (websiteId: Identifier): string =>
  withQuery('/onboarding/installed', { website: String(websiteId) });
export const notInstalledPath = (websiteId: Identifier): string =>
  withQuery('/onboarding/not-installed', { website: String(websiteId) });

/** `?website=` of the current address. */
export const websiteInAddress = (): string | null => new URLSearchParams(window.location.search).get('website') || null;

/**
 * A data provider call as the onboarding pages read answers: `{ ok, status, body }`, the API's
 * error body on a refusal (its `message`, its field `errors`); a network failure throws. These
 * pages live outside react-admin (no `useDataProvider`), so they use the same data provider object.
 */
export const viaDataProvider = async <T>(call: () => Promise<{ data: T }>): Promise<ApiAnswer<T>> => {
  try {
    const { data } = await call();
    return { ok: true, status: 200, body: data as ApiAnswer<T>['body'] };
  } catch (error) {
    const { status, body, message } = (error ?? {}) as { status?: unknown; body?: unknown; message?: string };
    if (typeof status !== 'number') throw new Error(NETWORK_ERROR);
    return { ok: false, status, body: (body && typeof body === 'object' ? body : { message }) as ApiAnswer<T>['body'] };
  }
};

/** `GET /api/websites/{id}/installation`; throws with the API's message. */
export const loadInstallation = async (websiteId: Identifier): Promise<Installation> => {
  const answer = await viaDataProvider(() => dataProvider.getPart<Installation>('websites', websiteId, 'installation'));
  if (!answer.ok || !answer.body) {
    throw new Error(
      answer.status === 404
        ? 'console.onboarding.errors.notFound'
        : messageOf(answer, 'console.onboarding.errors.installation'),
    );
  }
  return answer.body;
};

export type Verification = { verified: true } | { verified: false; message: string; reason: string | null };

/**
 * `POST /api/websites/{id}/actions/VerifyInstallation`: the API fetches the website's page and
 * looks for the snippet. A 422 is the check's answer (not found, and why); anything else throws.
 */
export const verifyInstallation = async (websiteId: Identifier): Promise<Verification> => {
  const answer = await viaDataProvider(() => dataProvider.action('websites', websiteId, 'VerifyInstallation'));
  if (answer.ok) return { verified: true };
  if (answer.status === 422) {
    return {
      verified: false,
      message: messageOf(answer, SCRIPT_NOT_INSTALLED),
      reason: fieldErrorsOf(answer).url ?? null,
    };
  }
  throw new Error(
    messageOf(answer, i18nProvider.translate('console.onboarding.errors.check', { status: answer.status })),
  );
};

/** The last failed check's reason, kept for the failure page (which survives a reload). */
const failureKey = (websiteId: Identifier) => `onboarding.installation-failure.${String(websiteId)}`;

export const rememberFailure = (websiteId: Identifier, reason: string | null): void => {
  try {
    if (reason) window.sessionStorage.setItem(failureKey(websiteId), reason);
    else window.sessionStorage.removeItem(failureKey(websiteId));
  } catch {
    // Storage refused (private mode): the page explains without the reason.
  }
};

export const recallFailure = (websiteId: Identifier): string | null => {
  try {
    return window.sessionStorage.getItem(failureKey(websiteId));
  } catch {
    return null;
  }
};
