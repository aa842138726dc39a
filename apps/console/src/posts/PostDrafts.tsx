import RestoreIcon from '@mui/icons-material/Restore';
import { Alert, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import { useNotify, useTranslate } from 'react-admin';
import { usePostDrafts } from './api';
import { formatTime } from '../common/historyText';
import type { Post, PostDraft } from './types';

/** Why a draft was kept: `console.posts.drafts.reasons.<reason>`. */
const fieldName = (key: string, body: string) =>
  key === 'richText' ? body : key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** A short look at what the draft holds: its title and the start of its text. */
const preview = (draft: PostDraft): string | null => {
  const html = draft.changes.richText?.html;
  const text = html
    ? html
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    : (draft.changes.outline ?? '');
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
  const translate = useTranslate();

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
    notify('console.posts.drafts.restored', { type: 'info' });
  };

  if (error)
    return (
      <Alert severity="info">{translate('console.posts.drafts.failed', { message: (error as Error).message })}</Alert>
    );
  if (isPending) return <CircularProgress size={24} />;
  if (!data?.length) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('console.posts.drafts.none')}
      </Typography>
    );
  }
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
      aria-label={translate('console.posts.drafts.label')}
    >
      {data.map((draft) => (
        <Paper key={String(draft.id)} variant="outlined" sx={{ p: 1.5 }} data-draft={String(draft.id)}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {translate('console.posts.drafts.changesOf', {
              name: draft.by?.name ?? translate('console.posts.drafts.someone'),
            })}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {formatTime(draft.at)} · {translate(`console.posts.drafts.reasons.${draft.reason}`, { _: draft.reason })}
            {draft.baseVersion != null
              ? translate('console.posts.drafts.writtenOn', { version: draft.baseVersion })
              : ''}
          </Typography>
          <Typography variant="caption" component="div" sx={{ mt: 0.5 }}>
            {translate('console.posts.drafts.fields', {
              fields:
                Object.keys(draft.changes)
                  .map((key) => fieldName(key, translate('console.posts.drafts.body')))
                  .join(', ') || translate('console.posts.drafts.noFields'),
            })}
          </Typography>
          {preview(draft) ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              {preview(draft)}
            </Typography>
          ) : null}
          <Button
            size="small"
            variant="outlined"
            startIcon={<RestoreIcon />}
            sx={{ mt: 1 }}
            onClick={() => restore(draft)}
          >
            {translate('console.posts.drafts.restore')}
          </Button>
        </Paper>
      ))}
    </Box>
  );
};
