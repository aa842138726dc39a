import LoginIcon from '@mui/icons-material/Login';
import { Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { useGetIdentity, useNotify, useRecordContext } from 'react-admin';
import { loginAs } from '../providers/authProvider';
import type { ConsoleUser } from '../types';

/** Logs the platform administrator in as the row's user (not offered on their own row). */
export const LoginAsButton = () => {
  const record = useRecordContext<ConsoleUser>();
  const { identity } = useGetIdentity();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  if (!record || !identity || String(record.id) === String(identity.id)) return null;

  const click = async (event: React.MouseEvent) => {
    event.stopPropagation();
    setBusy(true);
    try {
      await loginAs(record.id);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Network error: please try again', { type: 'error' });
      setBusy(false);
    }
  };

  return (
    <Button
      size="small"
      onClick={(event) => void click(event)}
      disabled={busy}
      startIcon={busy ? <CircularProgress size={14} /> : <LoginIcon />}
      aria-label={`Log in as ${record.name}`}
      sx={{ whiteSpace: 'nowrap' }}
    >
      Log in as
    </Button>
  );
};
