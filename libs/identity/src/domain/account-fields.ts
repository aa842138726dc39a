import { missing, notText, z } from '#libs/platform/src/validation.js';

/**
 * Each account field's label, as the login, sign-up and password pages show it: every field-level
 * message names the field by these words ("Password is missing!"); the errors stay keyed by the field.
 */
export const ACCOUNT_FIELD_LABELS = {
  email: 'Email',
  password: 'Password',
  name: 'Name',
  orgName: 'Organisation name',
  role: 'Role',
  token: 'The sign-in token',
  emailJoin: 'Email join',
  signUpType: 'Sign-up type',
  isMobile: 'Mobile',
} as const;

export const INVALID_EMAIL = 'Please enter a valid email address.';

/** An email address in a request body: trimmed, the spec's message when it is not one. */
export const emailSchema = z
  .string({ error: (i) => (i.input === undefined ? missing(ACCOUNT_FIELD_LABELS.email) : INVALID_EMAIL) })
  .trim()
  .max(320, INVALID_EMAIL)
  .pipe(z.email(INVALID_EMAIL));

/** A value of the wrong type for an account field. */
export const accountNotText = (field: keyof typeof ACCOUNT_FIELD_LABELS) => notText(ACCOUNT_FIELD_LABELS[field]);
