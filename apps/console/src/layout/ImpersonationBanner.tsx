import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { useGetIdentity, useNotify } from 'react-admin';
import { returnToAdmin } from '../providers/authProvider';

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
    <Box sx={{ mt: 1 }}>
      <Alert
        severity="warning"
        variant="filled"
        role="status"
        data-testid="impersonation-banner"
        sx={{ alignItems: 'center', py: 0 }}
        action={
          <Button
            color="inherit"
            size="small"
            variant="outlined"
            onClick={() => void back()}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined}
          >
            Return to {admin.name}
          </Button>
        }
      >
        You are logged in as {identity.fullName} ({String((identity as { email?: string }).email ?? '')})
      </Alert>
    </Box>
  );
};
