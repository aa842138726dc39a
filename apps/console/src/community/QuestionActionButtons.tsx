import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import PublishIcon from '@mui/icons-material/Publish';
import RestoreOutlinedIcon from '@mui/icons-material/RestoreOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import UnpublishedOutlinedIcon from '@mui/icons-material/UnpublishedOutlined';
import { Box, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  useDataProvider,
  useLogoutIfAccessDenied,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useWorkflowActions, type WorkflowActionConfig } from '../common/useWorkflowActions';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import type { Question } from './types';

/** How the question actions are drawn, in display order; only those in `record.allowedActions` show. */
const ACTIONS: Record<string, WorkflowActionConfig<Question>> = {
  Submit: {
    icon: <SendOutlinedIcon />,
    label: 'console.community.actions.Submit',
    done: 'console.community.actions.submitted',
    color: 'primary',
  },
  Approve: {
    icon: <CheckCircleOutlinedIcon />,
    label: 'console.community.actions.Approve',
    done: 'console.community.actions.approved',
    color: 'success',
  },
  Publish: {
    icon: <PublishIcon />,
    label: 'console.community.actions.Publish',
    done: 'console.community.actions.published',
    color: 'success',
  },
  Unpublish: {
    icon: <UnpublishedOutlinedIcon />,
    label: 'console.community.actions.Unpublish',
    done: 'console.community.actions.unpublished',
    color: 'warning',
    confirm: (record) => ({
      title: 'console.community.actions.unpublishTitle',
      content: 'console.community.actions.unpublishText',
      args: { title: record.title },
    }),
  },
  Restore: {
    icon: <RestoreOutlinedIcon />,
    label: 'console.community.actions.Restore',
    done: 'console.community.actions.restored',
    color: 'primary',
  },
  Delete: {
    icon: <DeleteOutlineIcon />,
    label: 'console.community.actions.Delete',
    done: 'console.community.actions.deleted',
    color: 'error',
    confirm: (record) => ({
      title: 'console.community.actions.deleteTitle',
      content: 'console.community.actions.deleteText',
      args: { title: record.title },
    }),
  },
};

const REASON_MAX = 500;

/**
 * Decline asks for the reason (required, at most 500 characters) and sends it with the version
 * the moderator saw: if another moderator decided first, the API answers 409 and the page reloads.
 */
const DeclineButton = ({ record, disabled }: { record: Question; disabled: boolean }) => {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const translate = useTranslate();

  const close = () => {
    setOpen(false);
    setReason('');
    setError(null);
  };
  const send = async () => {
    if (!reason.trim()) {
      setError(translate('console.community.decline.missing'));
      return;
    }
    setSending(true);
    try {
      await dataProvider.action('questions', record.id, 'Decline', {
        expectedVersion: record.version,
        reason: reason.trim(),
      });
      notify('console.community.notices.declined', { type: 'success' });
      close();
      refresh();
    } catch (e) {
      if (await logoutIfAccessDenied(e)) return;
      const body = (e as { body?: { errors?: Record<string, string> } }).body;
      if (body?.errors?.reason) setError(body.errors.reason);
      else {
        notify(e instanceof Error && e.message ? e.message : 'console.common.notices.actionFailed', { type: 'error' });
        if ((e as { status?: number }).status === 409) {
          close();
          refresh();
        }
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Button label="console.community.actions.Decline" color="error" disabled={disabled} onClick={() => setOpen(true)}>
        <HighlightOffIcon />
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="decline-title">
        <DialogTitle id="decline-title">
          {translate('console.community.decline.title', { title: record.title })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('console.community.decline.text')}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            label={translate('console.community.decline.reason')}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? `${reason.length}/${REASON_MAX}`}
            slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button label="console.community.actions.Cancel" onClick={close} disabled={sending} />
          <Button
            label="console.community.actions.Decline"
            color="error"
            variant="contained"
            onClick={() => void send()}
            disabled={sending}
          />
        </DialogActions>
      </Dialog>
    </>
  );
};

/**
 * One button per allowed workflow action (`POST /api/questions/{id}/actions/{Action}` with
 * `{ expectedVersion }`), Decline with its reason dialog right after Approve.
 */
export const QuestionActionButtons = () => {
  const record = useRecordContext<Question>();
  const { actions, busy, start, confirmDialog } = useWorkflowActions('questions', record, {
    configs: ACTIONS,
    // Decline asks for its reason: its own button, right after Approve.
    except: ['Decline'],
  });
  const canDecline = Boolean(record?.allowedActions?.includes('Decline'));
  if (!record || (actions.length === 0 && !canDecline)) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 }}>
      {actions.map(({ name, label, config }) => (
        <Box component="span" key={name} sx={{ display: 'inline-flex', gap: 0.5 }}>
          <Button label={label} color={config.color} disabled={busy} onClick={() => start(name)}>
            {config.icon}
          </Button>
          {name === 'Approve' && canDecline ? <DeclineButton record={record} disabled={busy} /> : null}
        </Box>
      ))}
      {canDecline && !actions.some((a) => a.name === 'Approve') ? (
        <DeclineButton record={record} disabled={busy} />
      ) : null}
      {confirmDialog}
    </Box>
  );
};
