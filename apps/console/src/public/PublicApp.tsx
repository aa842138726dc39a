import { ForgotPasswordPage } from './ForgotPasswordPage';
import { InitialPasswordPage } from './InitialPasswordPage';
import { LinkExpiredPage } from './LinkExpiredPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { SignupPage } from './SignupPage';

/** The pages reachable without a session, by real path (the API serves index.html for every non-/api path). */
const PAGES: Record<string, () => React.JSX.Element | null> = {
  '/forgot-password': ForgotPasswordPage,
  '/reset-password': ResetPasswordPage,
  '/link-expired': LinkExpiredPage,
  '/signup': SignupPage,
  '/reset-initial-password': InitialPasswordPage,
};

/** The public page for `pathname` (trailing slash ignored), or null for the console itself. */
export const publicPageFor = (pathname: string) => PAGES[pathname.replace(/\/+$/, '') || '/'] ?? null;
