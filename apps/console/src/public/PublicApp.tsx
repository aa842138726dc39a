import { InstalledPage } from '../onboarding/InstalledPage';
import { NotInstalledPage } from '../onboarding/NotInstalledPage';
import { OnboardingPage } from '../onboarding/OnboardingPage';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { InitialPasswordPage } from './InitialPasswordPage';
import { LinkExpiredPage } from './LinkExpiredPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { SignupPage } from './SignupPage';

/**
 * The pages outside react-admin's hash router, by real path (the API serves index.html for every
 * non-/api path): the ones reachable without a session, and onboarding (which checks the session).
 */
const PAGES: Record<string, () => React.JSX.Element | null> = {
  '/forgot-password': ForgotPasswordPage,
  '/reset-password': ResetPasswordPage,
  '/link-expired': LinkExpiredPage,
  '/signup': SignupPage,
  '/reset-initial-password': InitialPasswordPage,
  '/onboarding': OnboardingPage,
  '/onboarding/installed': InstalledPage,
  '/onboarding/not-installed': NotInstalledPage,
};

/** The public page for `pathname` (trailing slash ignored), or null for the console itself. */
export const publicPageFor = (pathname: string) => PAGES[pathname.replace(/\/+$/, '') || '/'] ?? null;
