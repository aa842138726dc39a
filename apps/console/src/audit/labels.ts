import { humanizeName } from '../common/historyText';

/**
 * How the audit names what it lists. The API speaks in stream names (`post`, `redirectrule`) and
 * command names (`ReturnToWriter`); the console shows words, and keeps the raw value as a tooltip.
 */

/** Audit `resource` -> the console resource holding those records and the field naming one (labels: `console.audit.records.*`). */
export const AUDIT_RESOURCES: Record<string, { reference?: string; text?: string }> = {
  post: { reference: 'posts', text: 'title' },
  website: { reference: 'websites', text: 'name' },
  member: { reference: 'members', text: 'name' },
  question: { reference: 'questions', text: 'title' },
  answer: {},
  organisation: { reference: 'organisations', text: 'name' },
  redirectrule: { reference: 'redirect-rules', text: 'fromPath' },
  bio: { reference: 'bios', text: 'displayName' },
  websitedomain: {},
};

/** The record type filter's choices (SelectInput translates their names). */
export const resourceChoices = Object.keys(AUDIT_RESOURCES).map((id) => ({ id, name: `console.audit.records.${id}` }));

/** A record type's label: `translate` from `useTranslate()`. */
export const resourceLabel = (resource: string, translate: (key: string, options?: object) => string): string =>
  translate(`console.audit.records.${resource}`, { _: humanizeName(resource) });

/** Names in words (`ReturnToWriter` -> `Return to writer`): the histories' helper. */
export { humanizeName } from '../common/historyText';
