import { STATUS_LABELS } from '../posts/labels';

/**
 * How the audit names what it lists. The API speaks in stream names (`post`, `redirectrule`) and
 * command names (`ReturnToWriter`); the console shows words, and keeps the raw value as a tooltip.
 */

/** Audit `resource` -> the console resource holding those records, its label and the field naming one. */
export const AUDIT_RESOURCES: Record<string, { reference?: string; label: string; text?: string }> = {
  post: { reference: 'posts', label: 'Post', text: 'title' },
  website: { reference: 'websites', label: 'Website', text: 'name' },
  member: { reference: 'members', label: 'Member', text: 'name' },
  question: { reference: 'questions', label: 'Question', text: 'title' },
  answer: { label: 'Answer' },
  organisation: { reference: 'organisations', label: 'Organisation', text: 'name' },
  redirectrule: { reference: 'redirect-rules', label: 'Redirect rule', text: 'fromPath' },
  bio: { reference: 'bios', label: 'Bio', text: 'displayName' },
  websitedomain: { label: 'Website domain' },
};

export const resourceChoices = Object.entries(AUDIT_RESOURCES).map(([id, { label }]) => ({ id, name: label }));

export const resourceLabel = (resource: string): string =>
  AUDIT_RESOURCES[resource]?.label ?? humanizeName(resource);

/** `ReturnToWriter` -> `Return to writer`, `SubmitForFactCheck` -> `Submit for fact check`. */
export const humanizeName = (value: string): string => {
  const words = value
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .split(/\s+/);
  return words.map((word, i) => (i === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : /^[A-Z0-9]+$/.test(word) && word.length > 1 ? word : word.toLowerCase())).join(' ');
};

/** A post's status as the CMS names it (one list: the posts' labels); other statuses humanised. */
export const statusLabel = (status: string): string => STATUS_LABELS[status] ?? humanizeName(status);
