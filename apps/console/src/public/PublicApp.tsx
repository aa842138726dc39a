import type { ComponentType } from 'react';
import { lazyPage } from '../common/lazyPage';

const ForgotPasswordPage = lazyPage(
  () => import('./ForgotPasswordPage'),
  (m) => m.ForgotPasswordPage,
);
const ResetPasswordPage = lazyPage(
  () => import('./ResetPasswordPage'),
  (m) => m.ResetPasswordPage,
);
const LinkExpiredPage = lazyPage(
  () => import('./LinkExpiredPage'),
  (m) => m.LinkExpiredPage,
);
const SignupPage = lazyPage(
  () => import('./SignupPage'),
  (m) => m.SignupPage,
);
const InitialPasswordPage = lazyPage(
  () => import('./InitialPasswordPage'),
  (m) => m.InitialPasswordPage,
);
const OnboardingPage = lazyPage(
  () => import('../onboarding/OnboardingPage'),
  (m) => m.OnboardingPage,
);
const InstalledPage = lazyPage(
  () => import('../onboarding/InstalledPage'),
  (m) => m.InstalledPage,
);
const NotInstalledPage = lazyPage(
  () => import('../onboarding/NotInstalledPage'),
  (m) => m.NotInstalledPage,
);

/**
 * The pages outside react-admin's hash router, by real path (the API serves index.html for every
 * non-/api path): the ones reachable without a session, and onboarding (which checks the session).
 * Each is a chunk of its own (main.tsx shows them in a `Suspense`).
 */
const PAGES: Record<string, ComponentType> = {
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
