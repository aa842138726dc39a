import { useState } from 'react';
import { useGetIdentity, useNotify, useTranslate } from 'react-admin';
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
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const admin = (identity as { impersonatedBy?: Impersonator | null } | undefined)?.impersonatedBy;
  if (!identity || !admin) return null;

  const back = async () => {
    setBusy(true);
    try {
      await returnToAdmin();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'console.layout.impersonation.logoutFailed', { type: 'error' });
      setBusy(false);
    }
  };

  return (
    <SessionBanner
      severity="warning"
      testId="impersonation-banner"
      action={translate('console.layout.impersonation.back', { name: admin.name })}
      busy={busy}
      onAction={() => void back()}
    >
      {translate('console.layout.impersonation.banner', {
        name: identity.fullName,
        email: String((identity as { email?: string }).email ?? ''),
      })}
    </SessionBanner>
  );
};
