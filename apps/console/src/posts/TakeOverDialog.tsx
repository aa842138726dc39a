import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LockPersonOutlinedIcon from '@mui/icons-material/LockPersonOutlined';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useFormContext } from 'react-hook-form';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import { POSTS } from './api';
import { formatTime } from '../common/historyText';
import type { Post, SaveConflict } from './types';
import { usePostActions } from './usePostActions';

/** The API's ISO time in the message ("took over this page at 2026-…Z") read as a local time. */
const readable = (message: string) =>
  message.replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, (iso) => formatTime(iso));

const plainText = (html: string | undefined | null) =>
  (html ?? '')
    .replace(/<\/(p|h\d|li|blockquote)>/gi, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

const copy = async (text: string) => {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
};

/**
 * The session-ended / take-over dialog: a save answered 409 because someone else took the page
 * (or holds it, or changed it meanwhile). What was typed is kept as a draft by the API; the
 * dialog says who and when, and offers to look at the current version, take the page back,
 * copy the text, or open the kept drafts.
 */
export const TakeOverDialog = ({
  record,
  conflict,
  onClose,
  onShowDrafts,
}: {
  record: Post;
  conflict: SaveConflict | null;
  onClose: () => void;
  onShowDrafts: () => void;
}) => {
  const open = conflict != null;
  const { getValues } = useFormContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const translate = useTranslate();
  const { data: current } = useQuery({
    queryKey: [POSTS, 'fresh', record.id, conflict?.message],
    queryFn: async () => (await dataProvider.getOne<Post>(POSTS, { id: record.id })).data,
    enabled: open,
  });
  const { run, busy } = usePostActions(current, { only: ['TakeOver'] });
  const canTakeOver = Boolean(current?.allowedActions?.includes('TakeOver'));
  // The API answers a take-over with reason 'taken_over'. A plain stale version whose page now
  // has another holder than the one this form was opened with is a take-over too: say so.
  const takenFromMe =
    conflict?.reason === 'taken_over' ||
    (conflict?.reason !== 'held' &&
      Boolean(conflict?.previousHolder && current?.holder && current.holder.userId !== conflict.previousHolder.userId));
  const holder = conflict?.holder ?? current?.holder ?? null;
  const name = holder?.name ?? translate('console.posts.takeOver.someone');
  const title = takenFromMe
    ? translate('console.posts.takeOver.tookOver', { name })
    : conflict?.reason === 'held'
      ? translate('console.posts.takeOver.working', { name })
      : translate('console.posts.takeOver.changed');
  // The dialog says it in its own words; the API's answer stays readable under it.
  const explanation =
    takenFromMe && holder
      ? translate('console.posts.takeOver.explanation', { name: holder.name, time: formatTime(holder.since) })
      : readable(conflict?.message ?? '');
  const details = explanation === readable(conflict?.message ?? '') ? null : readable(conflict?.message ?? '');

  const viewCurrent = () => {
    refresh();
    onClose();
  };
  const takeOver = async () => {
    const outcome = await run('TakeOver');
    if (outcome.ok) {
      onClose();
      onShowDrafts();
    }
  };
  const copyText = async () => {
    const values = getValues() as Partial<Post>;
    const text = [
      values.title,
      values.subtitle,
      values.outline ? `${translate('console.posts.takeOver.outline')}\n${values.outline}` : null,
      plainText(values.richText?.html),
    ]
      .filter(Boolean)
      .join('\n\n');
    notify((await copy(text)) ? 'console.posts.notices.copied' : 'console.posts.notices.notCopied', { type: 'info' });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="post-take-over-title"
      data-conflict={conflict?.reason ?? ''}
    >
      <DialogTitle id="post-take-over-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <LockPersonOutlinedIcon color="warning" />
        {title}
      </DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }} data-conflict-message>
          {explanation}
          {details ? (
            <Box component="span" sx={{ display: 'block', mt: 0.5, fontSize: 12, opacity: 0.8 }}>
              {details}
            </Box>
          ) : null}
        </Alert>
        <DialogContentText component="div">
          {translate('console.posts.takeOver.nothingLost')}
          <Box component="ul" sx={{ mt: 1, mb: 0, pl: 3 }}>
            <li>{translate('console.posts.takeOver.lookCurrent')}</li>
            {canTakeOver ? <li>{translate('console.posts.takeOver.takeBack')}</li> : null}
            <li>{translate('console.posts.takeOver.copy')}</li>
          </Box>
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copyText()}>
          {translate('console.posts.takeOver.copyButton')}
        </Button>
        <Button
          onClick={() => {
            onClose();
            onShowDrafts();
          }}
        >
          {translate('console.posts.takeOver.openDraft')}
        </Button>
        <Box sx={{ flex: 1 }} />
        {canTakeOver ? (
          <Button variant="outlined" color="warning" disabled={busy} onClick={() => void takeOver()}>
            {translate('console.posts.takeOver.takeOver')}
          </Button>
        ) : null}
        <Button variant="contained" onClick={viewCurrent}>
          {translate('console.posts.takeOver.viewCurrent')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
