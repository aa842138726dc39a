/**
 * react-admin's own pages that a signed-out visitor never sees: App.tsx loads this module (a
 * chunk of its own) the first time one of them is shown, so the login page does not carry them.
 */
export { AccessDenied, AuthCallback, AuthenticationError, Error, NotFound } from 'react-admin';
