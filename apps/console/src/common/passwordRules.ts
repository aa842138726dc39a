/** The API's password rule (libs/identity/src/domain/password-policy.ts), checked before sending. */
export const PASSWORD_RULES: { hint: string; message: string; test: (password: string) => boolean }[] = [
  { hint: 'At least 8 characters', message: 'Password must be at least 8 characters long', test: (p) => p.length >= 8 },
  { hint: '1 capital letter', message: 'Password must contain at least 1 capital letter', test: (p) => /[A-Z]/.test(p) },
  { hint: '1 number', message: 'Password must contain at least 1 number', test: (p) => /[0-9]/.test(p) },
  { hint: '1 special character', message: 'Password must contain at least 1 special character', test: (p) => /[^A-Za-z0-9]/.test(p) },
];

/** The first rule `password` breaks, or null. */
export const passwordProblem = (password: string): string | null =>
  PASSWORD_RULES.find((rule) => !rule.test(password))?.message ?? null;

export const PASSWORDS_MUST_MATCH = 'Passwords must match';
