/** The API's password rule (libs/identity/src/domain/password-policy.ts), checked before sending; texts are message keys. */
export const PASSWORD_RULES: { hint: string; message: string; test: (password: string) => boolean }[] = [
  {
    hint: 'console.common.password.rules.length',
    message: 'console.common.password.problems.length',
    test: (p) => p.length >= 8,
  },
  {
    hint: 'console.common.password.rules.capital',
    message: 'console.common.password.problems.capital',
    test: (p) => /[A-Z]/.test(p),
  },
  {
    hint: 'console.common.password.rules.number',
    message: 'console.common.password.problems.number',
    test: (p) => /[0-9]/.test(p),
  },
  {
    hint: 'console.common.password.rules.special',
    message: 'console.common.password.problems.special',
    test: (p) => /[^A-Za-z0-9]/.test(p),
  },
];

/** The key of the first rule `password` breaks, or null. */
export const passwordProblem = (password: string): string | null =>
  PASSWORD_RULES.find((rule) => !rule.test(password))?.message ?? null;

export const PASSWORDS_MUST_MATCH = 'console.common.password.mustMatch';
