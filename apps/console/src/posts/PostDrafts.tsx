import RestoreIcon from '@mui/icons-material/Restore';
import { Alert, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import { useNotify } from 'react-admin';
import { usePostDrafts } from './api';
import { formatTime } from '../common/historyText';
import type { Post, PostDraft } from './types';

const REASONS: Record<string, string> = {
  taken_over: 'kept when someone took the page over',
  held: 'kept because someone else held the page',
  stale_version: 'kept because the post had changed meanwhile',
};

const fieldName = (key: string) => (key === 'richText' ? 'body' : key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase());

/** A short look at what the draft holds: its title and the start of its text. */
const preview = (draft: PostDraft): string | null => {
  const html = draft.changes.richText?.html;
  const text = html ? html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim() : (draft.changes.outline ?? '');
  const title = draft.changes.title;
  const body = text.length > 140 ? `${text.slice(0, 137)}…` : text;
  return [title ? `“${title}”` : null, body || null].filter(Boolean).join(' — ') || null;
};

/**
 * Saves the API refused (after a take-over, or on a stale version) are kept as drafts:
 * "Restore into editor" puts a draft's fields back into the form, to be saved again.
 */
export const PostDrafts = ({ record }: { record: Post }) => {
  const { data, isPending, error } = usePostDrafts(record.id);
  const { setValue } = useFormContext();
  const notify = useNotify();

  const restore = (draft: PostDraft) => {
    for (const [key, value] of Object.entries(draft.changes)) {
      if (key === 'richText') {
        const rich = value as Post['richText'];
        setValue('richText.html', rich?.html ?? '', { shouldDirty: true, shouldTouch: true });
        setValue('richText.json', rich?.json ?? null, { shouldDirty: true });
      } else {
        setValue(key, value, { shouldDirty: true, shouldTouch: true });
      }
    }
    notify('The draft is back in the editor: check it, then save', { type: 'info' });
  };

  if (error) return <Alert severity="info">The drafts could not be loaded: {(error as Error).message}</Alert>;
  if (isPending) return <CircularProgress size={24} />;
  if (!data?.length) {
    return (
      <Typography variant="body2" color="text.secondary">
        No kept drafts. When a save is refused (someone took the page over, or it changed meanwhile), what you typed is kept here.
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} aria-label="Drafts">
      {data.map((draft) => (
        <Paper key={String(draft.id)} variant="outlined" sx={{ p: 1.5 }} data-draft={String(draft.id)}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {draft.by?.name ?? 'Someone'}’s changes
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {formatTime(draft.at)} · {REASONS[draft.reason] ?? draft.reason}
            {draft.baseVersion != null ? ` · written on version ${draft.baseVersion}` : ''}
          </Typography>
          <Typography variant="caption" component="div" sx={{ mt: 0.5 }}>
            Fields: {Object.keys(draft.changes).map(fieldName).join(', ') || 'none'}
          </Typography>
          {preview(draft) ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              {preview(draft)}
            </Typography>
          ) : null}
          <Button size="small" variant="outlined" startIcon={<RestoreIcon />} sx={{ mt: 1 }} onClick={() => restore(draft)}>
            Restore into editor
          </Button>
        </Paper>
      ))}
    </Box>
  );
};
