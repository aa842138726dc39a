import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LockPersonOutlinedIcon from '@mui/icons-material/LockPersonOutlined';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useFormContext } from 'react-hook-form';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import { POSTS } from './api';
import { formatTime } from '../common/historyText';
import type { Post, SaveConflict } from './types';
import { usePostAction } from './usePostAction';

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
  const { data: current } = useQuery({
    queryKey: [POSTS, 'fresh', record.id, conflict?.message],
    queryFn: async () => (await dataProvider.getOne<Post>(POSTS, { id: record.id })).data,
    enabled: open,
  });
  const { run, busy } = usePostAction(current);
  const canTakeOver = Boolean(current?.allowedActions?.includes('TakeOver'));
  // The API answers a take-over with reason 'taken_over'. A plain stale version whose page now
  // has another holder than the one this form was opened with is a take-over too: say so.
  const takenFromMe =
    conflict?.reason === 'taken_over' ||
    (conflict?.reason !== 'held' &&
      Boolean(conflict?.previousHolder && current?.holder && current.holder.userId !== conflict.previousHolder.userId));
  const holder = conflict?.holder ?? current?.holder ?? null;
  const title = takenFromMe
    ? `${holder?.name ?? 'Someone'} took over this post`
    : conflict?.reason === 'held'
      ? `${holder?.name ?? 'Someone'} is working on this post`
      : 'This post changed meanwhile';
  // The dialog says it in its own words; the API's answer stays readable under it.
  const explanation =
    takenFromMe && holder
      ? `${holder.name} took over this page at ${formatTime(holder.since)}. Your changes were kept as a draft.`
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
    const text = [values.title, values.subtitle, values.outline ? `Outline:\n${values.outline}` : null, plainText(values.richText?.html)]
      .filter(Boolean)
      .join('\n\n');
    notify((await copy(text)) ? 'Your text is on the clipboard' : 'The text could not be copied: restore the draft instead', { type: 'info' });
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="post-take-over-title" data-conflict={conflict?.reason ?? ''}>
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
          Nothing you typed is lost: it was kept as a draft of this post. You can:
          <Box component="ul" sx={{ mt: 1, mb: 0, pl: 3 }}>
            <li>look at the current version (your changes leave the form, the draft stays);</li>
            {canTakeOver ? <li>take the post over again, then restore your draft into the editor and save;</li> : null}
            <li>copy your text to the clipboard.</li>
          </Box>
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copyText()}>
          Copy my text
        </Button>
        <Button
          onClick={() => {
            onClose();
            onShowDrafts();
          }}
        >
          Open my draft
        </Button>
        <Box sx={{ flex: 1 }} />
        {canTakeOver ? (
          <Button variant="outlined" color="warning" disabled={busy} onClick={() => void takeOver()}>
            Take over
          </Button>
        ) : null}
        <Button variant="contained" onClick={viewCurrent}>
          View the current version
        </Button>
      </DialogActions>
    </Dialog>
  );
};
