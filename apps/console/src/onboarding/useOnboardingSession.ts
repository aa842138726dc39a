import { useEffect, useState } from 'react';
import { getCurrentUser, type UserWithDemo } from '../providers/authProvider';
import type { CurrentUser } from '../types';

type Membership = CurrentUser['organisations'][number];

/** Organisation roles that may answer the questions, add websites and verify the installation. */
const MANAGING_ROLES = ['owner', 'admin', 'platform_admin'];

export interface OnboardingSession {
  user: UserWithDemo;
  /** The organisation being set up: the first one the user manages, else their first. */
  organisation: Membership | null;
  /** Whether the user may set it up (owners and admins). */
  canManage: boolean;
}

/** The login page of the console (react-admin's hash route). */
export const LOGIN_PATH = '/#/login';

/**
 * The signed-in user for the onboarding pages (they live outside react-admin): `GET
 * /api/auth/session`, and without a session the browser goes to the login page.
 */
export const useOnboardingSession = () => {
  const [session, setSession] = useState<OnboardingSession | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    getCurrentUser(true)
      .then((user) => {
        if (!live) return;
        if (!user) {
          window.location.replace(LOGIN_PATH);
          return;
        }
        const organisations = user.organisations ?? [];
        const organisation =
          organisations.find((o) => o.role === 'owner' || o.role === 'admin') ?? organisations[0] ?? null;
        setSession({
          user,
          organisation,
          canManage: Boolean(organisation && MANAGING_ROLES.includes(organisation.role)),
        });
      })
      .catch((caught: unknown) => {
        if (live) setError(caught instanceof Error && caught.message ? caught.message : 'console.public.networkError');
      });
    return () => {
      live = false;
    };
  }, []);
  return { session, error };
};
