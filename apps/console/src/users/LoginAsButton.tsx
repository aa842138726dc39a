import LoginIcon from '@mui/icons-material/Login';
import { Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { useGetIdentity, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { loginAs } from '../providers/authProvider';
import type { ConsoleUser } from '../types';

/** Logs the platform administrator in as the row's user (not offered on their own row). */
export const LoginAsButton = () => {
  const record = useRecordContext<ConsoleUser>();
  const { identity } = useGetIdentity();
  const notify = useNotify();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  if (!record || !identity || String(record.id) === String(identity.id)) return null;

  const click = async (event: React.MouseEvent) => {
    event.stopPropagation();
    setBusy(true);
    try {
      await loginAs(record.id);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'console.public.networkError', { type: 'error' });
      setBusy(false);
    }
  };

  return (
    <Button
      size="small"
      onClick={(event) => void click(event)}
      disabled={busy}
      startIcon={busy ? <CircularProgress size={14} /> : <LoginIcon />}
      aria-label={translate('console.users.loginAsWho', { name: record.name })}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {translate('console.users.loginAs')}
    </Button>
  );
};
