import { missing, notText, z } from '#libs/platform/src/validation.js';
import { ACCOUNT_FIELD_LABELS } from './account-fields.js';

/** The spec's password rule: at least 8 characters, 1 capital, 1 number, 1 special character. */
export const PASSWORD_RULES: Array<{ test: (password: string) => boolean; message: string }> = [
  { test: (p) => p.length >= 8, message: 'Password must be at least 8 characters long' },
  { test: (p) => /[A-Z]/.test(p), message: 'Password must contain at least 1 capital letter' },
  { test: (p) => /[0-9]/.test(p), message: 'Password must contain at least 1 number' },
  { test: (p) => /[^A-Za-z0-9]/.test(p), message: 'Password must contain at least 1 special character' },
];

/** The first rule a password breaks, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  return PASSWORD_RULES.find((rule) => !rule.test(password))?.message ?? null;
}

/** A new password in a request body, checked against the rule. */
export const newPassword = z
  .string({
    error: (i) =>
      i.input === undefined ? missing(ACCOUNT_FIELD_LABELS.password) : notText(ACCOUNT_FIELD_LABELS.password),
  })
  .max(256, 'The maximum length is 256 characters')
  .superRefine((password, ctx) => {
    const problem = passwordProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
