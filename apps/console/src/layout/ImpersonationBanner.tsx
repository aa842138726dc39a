import { useState } from 'react';
import { useGetIdentity, useNotify } from 'react-admin';
import { returnToAdmin } from '../providers/authProvider';
import { SessionBanner } from './SessionBanner';

interface Impersonator {
  id: string | number;
  name: string;
  email: string;
}

/** Shown on every page while a platform administrator is logged in as someone else. */
export const ImpersonationBanner = () => {
  const { identity } = useGetIdentity();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const admin = (identity as { impersonatedBy?: Impersonator | null } | undefined)?.impersonatedBy;
  if (!identity || !admin) return null;

  const back = async () => {
    setBusy(true);
    try {
      await returnToAdmin();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Error logging out', { type: 'error' });
      setBusy(false);
    }
  };

  return (
    <SessionBanner severity="warning" testId="impersonation-banner" action={`Return to ${admin.name}`} busy={busy} onAction={() => void back()}>
      You are logged in as {identity.fullName} ({String((identity as { email?: string }).email ?? '')})
    </SessionBanner>
  );
};
