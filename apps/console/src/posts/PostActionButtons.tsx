import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteForeverOutlinedIcon from '@mui/icons-material/DeleteForeverOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import PanToolOutlinedIcon from '@mui/icons-material/PanToolOutlined';
import PublishIcon from '@mui/icons-material/Publish';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import UnpublishedOutlinedIcon from '@mui/icons-material/UnpublishedOutlined';
import LogoutOutlinedIcon from '@mui/icons-material/LogoutOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Menu,
  MenuItem,
  TextField,
  Tooltip,
} from '@mui/material';
import { useState, type ReactElement } from 'react';
import { Confirm, useGetList, useTranslate } from 'react-admin';
import { ACTIONS, HOLD_ACTIONS, NOT_BUTTONS, useActionTexts } from './labels';
import type { Post } from './types';
import { usePostActions } from './usePostActions';

const icon = (action: string): ReactElement | undefined => {
  if (action.startsWith('SubmitFor')) return <ArrowForwardIcon />;
  if (action.startsWith('ReturnTo') || action === 'DeclineRegulation') return <UndoIcon />;
  const icons: Record<string, ReactElement> = {
    Select: <PanToolOutlinedIcon />,
    Discard: <LogoutOutlinedIcon />,
    TakeOver: <SwapHorizIcon />,
    SendTo: <SendOutlinedIcon />,
    ApproveFactCheck: <CheckCircleOutlineIcon />,
    ApproveRegulation: <CheckCircleOutlineIcon />,
    Publish: <PublishIcon />,
    Delete: <UnpublishedOutlinedIcon />,
    Archive: <ArchiveOutlinedIcon />,
    DeleteForever: <DeleteForeverOutlinedIcon />,
    ExportPage: <FileDownloadOutlinedIcon />,
  };
  return icons[action];
};

/** Asks for the note a return or a declined regulation needs (the API answers "Note is missing!" without one). */
export const NoteDialog = ({
  open,
  title,
  confirmLabel,
  required,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  confirmLabel: string;
  required: boolean;
  busy: boolean;
  error?: string;
  onConfirm: (note: string) => void;
  onClose: () => void;
}) => {
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const translate = useTranslate();
  const missing = required && touched && !note.trim();
  const shown = missing ? translate('console.posts.note.missing') : error;
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="post-note-title">
      <DialogTitle id="post-note-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {translate(required ? 'console.posts.note.required' : 'console.posts.note.optional')}
        </DialogContentText>
        <TextField
          autoFocus
          multiline
          minRows={3}
          fullWidth
          label={translate('console.posts.note.label')}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          error={Boolean(shown)}
          helperText={shown || ' '}
          required={required}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('console.posts.buttons.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={busy}
          onClick={() => {
            setTouched(true);
            if (required && !note.trim()) return;
            onConfirm(note.trim());
          }}
        >
          {busy ? <CircularProgress size={18} /> : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

interface MemberChoice {
  id: string | number;
  userId: string;
  name: string;
  cmsRole: string;
  orgRole: string;
  status: string;
}

/** SendTo: hands the page to a member (the API says when they may not work this stage). */
const SendToDialog = ({
  open,
  busy,
  error,
  onConfirm,
  onClose,
  stage,
}: {
  open: boolean;
  busy: boolean;
  error?: string;
  stage: string;
  onConfirm: (userId: string) => void;
  onClose: () => void;
}) => {
  const { data: members, isPending } = useGetList<MemberChoice>(
    'members',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: open },
  );
  const [userId, setUserId] = useState('');
  const translate = useTranslate();
  const active = (members ?? []).filter((m) => m.status === 'accepted' && m.userId);
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="post-send-title">
      <DialogTitle id="post-send-title">{translate('console.posts.sendTo.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('console.posts.sendTo.text', { stage })}</DialogContentText>
        <TextField
          select
          fullWidth
          label={translate('console.posts.sendTo.member')}
          value={userId}
          onChange={(event) => setUserId(event.target.value)}
          error={Boolean(error)}
          helperText={error || (isPending ? translate('console.posts.sendTo.loading') : ' ')}
        >
          {active.map((m) => (
            <MenuItem key={m.userId} value={m.userId}>
              {m.name} ·{' '}
              {m.cmsRole === 'none' ? m.orgRole : translate('console.posts.sendTo.cmsRole', { role: m.cmsRole })}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('console.posts.buttons.cancel')}
        </Button>
        <Button variant="contained" disabled={busy || !userId} onClick={() => onConfirm(userId)}>
          {translate('console.posts.buttons.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/**
 * The post's workflow buttons (`usePostActions`: the API's actions that `record.allowedActions`
 * offers, in the API's order and words), filtered by `only` or without the holder actions. Returns
 * ask for a note, SendTo for a member, Unpublish / Archive / Delete forever for a confirmation,
 * Export for a format.
 */
export const PostActionButtons = ({
  record,
  only,
  disabled = false,
  disabledReason,
  onFieldErrors,
  size = 'medium',
}: {
  record: Post | undefined;
  /** Just these actions (e.g. the holder's Select / Discard / TakeOver). */
  only?: string[];
  disabled?: boolean;
  disabledReason?: string;
  onFieldErrors?: (errors: Record<string, string>) => void;
  size?: 'small' | 'medium';
}) => {
  const { actions, label, run, running, busy } = usePostActions(record, {
    only,
    except: only ? NOT_BUTTONS : [...NOT_BUTTONS, ...HOLD_ACTIONS],
    onFieldErrors,
  });
  const [asking, setAsking] = useState<string | null>(null);
  const [dialogError, setDialogError] = useState<string | undefined>();
  const [exportAnchor, setExportAnchor] = useState<HTMLElement | null>(null);
  const translate = useTranslate();
  const texts = useActionTexts();
  if (!record || actions.length === 0) return null;

  const close = () => {
    setAsking(null);
    setDialogError(undefined);
  };
  const runFromDialog = async (action: string, body: Record<string, unknown>) => {
    const outcome = await run(action, body);
    if (outcome.ok) close();
    else setDialogError(outcome.errors?.note ?? outcome.errors?.userId ?? outcome.message);
  };
  const start = (action: string, target: HTMLElement) => {
    const style = ACTIONS[action];
    if (action === 'ExportPage') setExportAnchor(target);
    else if (action === 'SendTo' || style?.note || style?.confirm) setAsking(action);
    else void run(action);
  };

  const asked = asking ? ACTIONS[asking] : undefined;
  const askedLabel = asking ? label(asking) : '';
  return (
    <>
      {actions.map(({ name: action, label: text }) => {
        const style = ACTIONS[action];
        const button = (
          <Button
            key={action}
            size={size}
            variant={
              action === 'Publish' ||
              action.startsWith('SubmitFor') ||
              action === 'ApproveFactCheck' ||
              action === 'Select'
                ? 'contained'
                : 'outlined'
            }
            color={style?.color === 'inherit' ? 'inherit' : (style?.color ?? 'primary')}
            startIcon={running === action ? <CircularProgress size={16} /> : icon(action)}
            disabled={disabled || busy}
            onClick={(event) => start(action, event.currentTarget)}
            data-action={action}
            // On a phone a long label ("Submit for second fact check") may take two lines rather than leave the screen.
            sx={{ whiteSpace: { xs: 'normal', sm: 'nowrap' }, textAlign: 'left' }}
          >
            {text}
          </Button>
        );
        return disabled && disabledReason ? (
          <Tooltip key={action} title={disabledReason}>
            <span>{button}</span>
          </Tooltip>
        ) : (
          button
        );
      })}
      <Menu anchorEl={exportAnchor} open={Boolean(exportAnchor)} onClose={() => setExportAnchor(null)}>
        {(['html', 'json'] as const).map((format) => (
          <MenuItem
            key={format}
            onClick={() => {
              setExportAnchor(null);
              void run('ExportPage', { format });
            }}
          >
            {translate('console.posts.buttons.exportAs', { format: format.toUpperCase() })}
          </MenuItem>
        ))}
      </Menu>
      {asking && asked?.note ? (
        <NoteDialog
          open
          title={translate('console.posts.note.title', { action: askedLabel, title: record.title })}
          confirmLabel={askedLabel}
          required={asked.note === 'required'}
          busy={busy}
          error={dialogError}
          onConfirm={(note) => void runFromDialog(asking, { note })}
          onClose={close}
        />
      ) : null}
      {asking === 'SendTo' ? (
        <SendToDialog
          open
          busy={busy}
          error={dialogError}
          stage={record.statusLabel}
          onConfirm={(userId) => void runFromDialog('SendTo', { userId })}
          onClose={close}
        />
      ) : null}
      {asking && asked?.confirm && !asked.note ? (
        <Confirm
          isOpen
          loading={busy}
          title={translate('console.posts.confirm.title', { action: askedLabel, title: record.title })}
          content={texts.confirm(asking)}
          confirm={askedLabel}
          confirmColor="warning"
          onConfirm={() => void runFromDialog(asking, {})}
          onClose={close}
        />
      ) : null}
    </>
  );
};
