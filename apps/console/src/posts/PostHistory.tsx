import HistoryIcon from '@mui/icons-material/History';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Typography,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { RecordContextProvider, RichTextField, useTranslate } from 'react-admin';
import { usePostAsOf, usePostHistory } from './api';
import { typeLabel, useActionTexts, useEventLabel, usePostStatusLabel } from './labels';
import { changedFields, formatTime } from '../common/historyText';
import { Timeline, TimelineEntry } from '../common/Timeline';
import { useWebsiteTimeZone } from '../common/DateFields';
import { PostStatusChip } from './PostStage';
import type { Post, PostHistoryEntry } from './types';

/** Fields whose names say less than the thing (ids of people, the body): `console.posts.history.fields.*`. */
const FIELD_NAMES = ['richText', 'creditedWriterId', 'expertId', 'writerId', 'coverImage'];

type Translate = (key: string, options?: object) => string;

/** What a Save changed, named (the values are in the as-of view). */
const savedFields = (entry: PostHistoryEntry, translate: Translate): string | null => {
  const labels = Object.fromEntries(
    FIELD_NAMES.map((field) => [field, translate(`console.posts.history.fields.${field}`)]),
  );
  const names = changedFields(entry, labels);
  return names ? translate('console.posts.history.changed', { fields: names }) : null;
};

/** The person the event was about (taken from, sent to). */
const about = (entry: PostHistoryEntry, translate: Translate): string | null => {
  const data = entry.data as { from?: { name?: string }; to?: { name?: string } } | null | undefined;
  if (entry.type === 'PostTakenOver' && data?.from && typeof data.from === 'object')
    return translate('console.posts.history.from', { name: data.from.name });
  if (entry.type === 'PostSentTo' && data?.to && typeof data.to === 'object')
    return translate('console.posts.history.to', { name: data.to.name });
  return null;
};

/** The post's history as a timeline, newest first: who, when, from → to, the note; each opens the post as it was then. */
export const PostHistory = ({ record }: { record: Post }) => {
  const { data, error, isPending } = usePostHistory(record.id, record.version);
  const [asOf, setAsOf] = useState<string | null>(null);
  const translate = useTranslate();
  const texts = useActionTexts();
  const eventLabel = useEventLabel();
  const statusLabel = usePostStatusLabel();
  const timeZone = useWebsiteTimeZone(record);
  const entryLabel = (entry: PostHistoryEntry) => (entry.action ? texts.label(entry.action) : eventLabel(entry.type));
  if (error)
    return (
      <Alert severity="info">{translate('console.posts.history.failed', { message: (error as Error).message })}</Alert>
    );
  if (isPending) return <CircularProgress size={24} />;
  const entries = [...(data ?? [])].sort((a, b) => b.version - a.version);
  if (entries.length === 0)
    return <Typography color="text.secondary">{translate('console.posts.history.empty')}</Typography>;
  return (
    <>
      <Timeline>
        {entries.map((entry) => {
          const detail = savedFields(entry, translate) ?? about(entry, translate);
          return (
            <TimelineEntry
              key={`${entry.version}-${entry.id}`}
              data={{ 'data-history-action': entry.action ?? entry.type }}
              title={entryLabel(entry)}
              by={entry.actor?.name ?? entry.actor?.email ?? translate('console.posts.history.system')}
              time={entry.time}
              version={entry.version}
              timeZone={timeZone}
              dot={entry.from && entry.to ? 'primary.main' : 'grey.400'}
            >
              {entry.from && entry.to ? (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5 }}>
                  <Chip size="small" variant="outlined" label={statusLabel(entry.from)} />
                  <span aria-hidden>→</span>
                  <Chip size="small" color="primary" variant="outlined" label={statusLabel(entry.to)} />
                </Box>
              ) : null}
              {detail ? (
                <Typography variant="caption" component="div" color="text.secondary" sx={{ mt: 0.25 }}>
                  {detail}
                </Typography>
              ) : null}
              {entry.note ? (
                <Typography
                  variant="body2"
                  sx={{ mt: 0.5, px: 1, py: 0.5, bgcolor: 'action.hover', borderRadius: 1, whiteSpace: 'pre-wrap' }}
                >
                  “{entry.note}”
                </Typography>
              ) : null}
              <Button
                size="small"
                startIcon={<HistoryIcon fontSize="small" />}
                onClick={() => setAsOf(entry.time)}
                sx={{ mt: 0.25, ml: -0.75 }}
              >
                {translate('console.posts.history.viewAsOf')}
              </Button>
            </TimelineEntry>
          );
        })}
      </Timeline>
      <AsOfDialog id={record.id} asOf={asOf} onClose={() => setAsOf(null)} />
    </>
  );
};

const Field = ({ label, children }: { label: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(`console.posts.asOf.${label}`)}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
};

/** The read-only post as it was at a moment of its history (`GET /api/posts/{id}?asOf=`). */
export const AsOfDialog = ({ id, asOf, onClose }: { id: Post['id']; asOf: string | null; onClose: () => void }) => {
  const { data: post, error, isPending } = usePostAsOf(id, asOf);
  const translate = useTranslate();
  return (
    <Dialog open={asOf != null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="post-as-of-title">
      <DialogTitle id="post-as-of-title">
        {translate('console.posts.asOf.title', { time: formatTime(asOf) })}
      </DialogTitle>
      <DialogContent dividers>
        {error ? <Alert severity="error">{(error as Error).message}</Alert> : null}
        {isPending && asOf ? <CircularProgress size={24} /> : null}
        {post ? (
          <Box data-as-of={asOf ?? ''}>
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('console.posts.asOf.readOnly', { version: post.version })}
            </Alert>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
              <PostStatusChip record={post} />
              {post.holder ? (
                <Typography variant="body2" color="text.secondary">
                  {translate('console.posts.asOf.heldBy', { name: post.holder.name })}
                </Typography>
              ) : null}
            </Box>
            <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {post.title}
            </Typography>
            {post.subtitle ? (
              <Typography variant="subtitle1" color="text.secondary">
                {post.subtitle}
              </Typography>
            ) : null}
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 2, my: 2 }}>
              <Field label="slug">{post.slug || '—'}</Field>
              <Field label="type">{typeLabel(post.type)}</Field>
              <Field label="locale">{post.locale}</Field>
              <Field label="category">{post.category || '—'}</Field>
              <Field label="dueDate">{post.dueDate || '—'}</Field>
              <Field label="words">{post.words ?? 0}</Field>
              <Field label="tags">{post.tags?.length ? post.tags.join(', ') : '—'}</Field>
            </Box>
            <Divider sx={{ my: 2 }} />
            <Typography variant="overline" color="text.secondary">
              {translate('console.posts.asOf.outline')}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mb: 2 }}>
              {post.outline || translate('console.posts.asOf.noOutline')}
            </Typography>
            <Typography variant="overline" color="text.secondary">
              {translate('console.posts.asOf.body')}
            </Typography>
            {post.richText?.html ? (
              <RecordContextProvider value={post}>
                <RichTextField source="richText.html" sx={{ display: 'block', '& p': { mt: 0 } }} />
              </RecordContextProvider>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {translate('console.posts.asOf.noBody')}
              </Typography>
            )}
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('console.posts.buttons.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
