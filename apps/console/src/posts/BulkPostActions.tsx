import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import {
  Box,
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List as MuiList,
  ListItem,
  ListItemIcon,
  ListItemText,
} from '@mui/material';
import { createContext, useContext, useRef, useState } from 'react';
import {
  Button,
  Confirm,
  useDataProvider,
  useListContext,
  useLogoutIfAccessDenied,
  useNotify,
  useRefresh,
  useTranslate,
  useUnselectAll,
} from 'react-admin';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import { POSTS, errorParts, failureMessage, usePostOptions } from './api';
import { ACTIONS, useActionTexts } from './labels';
import { NoteDialog } from './PostActionButtons';
import type { BulkResult, Post } from './types';

/** Actions that make no sense on many posts at once (a form, a person, a file). */
const NOT_IN_BULK = ['Save', 'Create', 'KeepDraft', 'SendTo', 'ExportPage'];

export interface BulkSummary {
  action: string;
  results: BulkResult[];
  titles: Record<string, string>;
}

/**
 * Where the result of a bulk action is shown: outside the table, whose bulk toolbar goes away
 * when the posts leave the tab (or the tab empties).
 */
export const BulkSummaryContext = createContext<(summary: BulkSummary) => void>(() => undefined);

/**
 * The actions at least one selected post allows, for `POST /api/posts/bulk-actions`: one result
 * per post (never all or nothing), shown in a summary that names each post.
 */
export const BulkPostActions = ({ storeKey }: { storeKey: string }) => {
  const { selectedIds, data } = useListContext<Post>();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(POSTS, storeKey);
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const showSummary = useContext(BulkSummaryContext);
  const translate = useTranslate();
  const texts = useActionTexts();
  const { data: options } = usePostOptions();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<string | null>(null);

  // Titles of every post this list has shown: a selected post that left the tab after a refetch
  // (someone else acted on it) is still named in the summary.
  const seenTitles = useRef(new Map<string, string>());
  for (const post of data ?? []) seenTitles.current.set(String(post.id), post.title);
  const selected = (data ?? []).filter((post) => selectedIds.includes(post.id));
  // The API's actions, in its order (none until its options arrive).
  const available = (options?.actions ?? [])
    .map((action) => action.id)
    .filter(
      (action) => !NOT_IN_BULK.includes(action) && selected.some((post) => post.allowedActions?.includes(action)),
    );

  const run = async (action: string, note?: string) => {
    setBusy(true);
    const titles = Object.fromEntries(
      selectedIds.map((id) => [String(id), seenTitles.current.get(String(id)) ?? String(id)]),
    );
    try {
      const { data: results } = await dataProvider.bulkAction(POSTS, action, selectedIds, note ? { note } : {});
      showSummary({ action, results, titles });
      unselectAll();
      refresh();
    } catch (error) {
      if (!(await logoutIfAccessDenied(error)))
        notify(failureMessage(translate, errorParts(error).message), { type: 'error' });
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };
  const start = (action: string) =>
    ACTIONS[action]?.note || ACTIONS[action]?.confirm ? setAsking(action) : void run(action);

  const asked = asking ? ACTIONS[asking] : undefined;
  const askedLabel = asking ? texts.label(asking) : '';
  const count = selectedIds.length;
  return (
    <>
      {available.length === 0 ? (
        <Box component="span" sx={{ color: 'text.secondary', fontSize: 14, px: 1 }}>
          {translate('console.posts.bulk.noneFits')}
        </Box>
      ) : null}
      {available.map((action) => (
        <Button
          key={action}
          label={texts.label(action)}
          disabled={busy}
          onClick={() => start(action)}
          data-bulk-action={action}
        />
      ))}
      {asking && asked?.note ? (
        <NoteDialog
          open
          title={translate('console.posts.bulk.noteTitle', { action: askedLabel, smart_count: count })}
          confirmLabel={askedLabel}
          required={asked.note === 'required'}
          busy={busy}
          onConfirm={(note) => void run(asking, note)}
          onClose={() => setAsking(null)}
        />
      ) : null}
      {asking && asked?.confirm && !asked.note ? (
        <Confirm
          isOpen
          loading={busy}
          title={translate('console.posts.bulk.confirmTitle', { action: askedLabel, smart_count: count })}
          content={texts.confirm(asking)}
          confirm={askedLabel}
          confirmColor="warning"
          onConfirm={() => void run(asking)}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </>
  );
};

/** "Select: 2 of 3 done", then each post with its result (the API's reason for each refusal). */
export const BulkSummaryDialog = ({ summary, onClose }: { summary: BulkSummary | null; onClose: () => void }) => {
  const done = summary ? summary.results.filter((r) => r.ok).length : 0;
  const translate = useTranslate();
  const texts = useActionTexts();
  return (
    <Dialog open={summary != null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="posts-bulk-title">
      <DialogTitle id="posts-bulk-title">
        {summary
          ? translate('console.posts.bulk.summary', {
              action: texts.label(summary.action),
              done,
              total: summary.results.length,
            })
          : ''}
      </DialogTitle>
      <DialogContent dividers>
        <MuiList dense aria-label={translate('console.posts.bulk.results')}>
          {(summary?.results ?? []).map((result) => (
            <ListItem key={String(result.id)} data-result={result.ok ? 'ok' : 'refused'}>
              <ListItemIcon sx={{ minWidth: 36 }}>
                {result.ok ? <CheckCircleIcon color="success" /> : <ErrorIcon color="error" />}
              </ListItemIcon>
              <ListItemText
                primary={summary?.titles[String(result.id)] ?? String(result.id)}
                secondary={result.ok ? translate('console.posts.bulk.done') : result.error}
                slotProps={{ secondary: { color: result.ok ? 'text.secondary' : 'error' } }}
              />
            </ListItem>
          ))}
        </MuiList>
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>{translate('console.posts.buttons.close')}</MuiButton>
      </DialogActions>
    </Dialog>
  );
};
