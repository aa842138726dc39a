import LoginIcon from '@mui/icons-material/Login';
import { Button, CircularProgress, IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useGetIdentity, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { loginAs } from '../providers/authProvider';
import type { Member } from '../types';

interface OwnerIdentity {
  id: string | number;
  organisations?: { id: string; role: string | null }[];
  impersonatedBy?: unknown;
  demo?: unknown;
}

/**
 * An organisation's owner logs in as one of its active members (the API limits that session to
 * the organisation; the banner returns). Not offered on one's own row, nor while acting as someone.
 */
export const LoginAsMemberButton = ({ compact = false }: { compact?: boolean }) => {
  const record = useRecordContext<Member>();
  const { identity } = useGetIdentity();
  const notify = useNotify();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const me = identity as OwnerIdentity | undefined;
  if (!record || !me || me.impersonatedBy || me.demo) return null;
  const owns = me.organisations?.some((o) => o.id === record.organisationId && o.role === 'owner');
  if (!owns || record.status !== 'accepted' || String(record.userId) === String(me.id)) return null;

  const click = async (event: React.MouseEvent) => {
    event.stopPropagation();
    setBusy(true);
    try {
      await loginAs(record.userId);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'console.public.networkError', { type: 'error' });
      setBusy(false);
    }
  };
  const label = translate('console.members.loginAsWho', { name: record.name });
  if (compact) {
    return (
      <Tooltip title={label}>
        <span>
          <IconButton
            aria-label={label}
            size="small"
            disabled={busy}
            onClick={(event) => void click(event)}
            sx={{ '& svg': { fontSize: 20 } }}
          >
            {busy ? <CircularProgress size={16} /> : <LoginIcon />}
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Button
      size="small"
      onClick={(event) => void click(event)}
      disabled={busy}
      startIcon={busy ? <CircularProgress size={14} /> : <LoginIcon />}
      aria-label={label}
    >
      {translate('console.members.loginAs')}
    </Button>
  );
};
