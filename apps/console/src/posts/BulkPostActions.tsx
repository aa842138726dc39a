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
import { Button, Confirm, useDataProvider, useListContext, useLogoutIfAccessDenied, useNotify, useRefresh, useUnselectAll } from 'react-admin';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import { POSTS, errorParts } from './api';
import { ACTION_LABELS, ACTION_ORDER, actionLabel } from './labels';
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
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<string | null>(null);

  // Titles of every post this list has shown: a selected post that left the tab after a refetch
  // (someone else acted on it) is still named in the summary.
  const seenTitles = useRef(new Map<string, string>());
  for (const post of data ?? []) seenTitles.current.set(String(post.id), post.title);
  const selected = (data ?? []).filter((post) => selectedIds.includes(post.id));
  const available = ACTION_ORDER.filter((action) => !NOT_IN_BULK.includes(action) && selected.some((post) => post.allowedActions?.includes(action)));

  const run = async (action: string, note?: string) => {
    setBusy(true);
    const titles = Object.fromEntries(selectedIds.map((id) => [String(id), seenTitles.current.get(String(id)) ?? String(id)]));
    try {
      const { data: results } = await dataProvider.bulkAction(POSTS, action, selectedIds, note ? { note } : {});
      showSummary({ action, results, titles });
      unselectAll();
      refresh();
    } catch (error) {
      if (!(await logoutIfAccessDenied(error))) notify(`Error: ${errorParts(error).message}`, { type: 'error' });
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };
  const start = (action: string) => (ACTION_LABELS[action]?.note || ACTION_LABELS[action]?.confirm ? setAsking(action) : void run(action));

  const asked = asking ? ACTION_LABELS[asking] : undefined;
  return (
    <>
      {available.length === 0 ? (
        <Box component="span" sx={{ color: 'text.secondary', fontSize: 14, px: 1 }}>
          No action fits the selected posts
        </Box>
      ) : null}
      {available.map((action) => (
        <Button key={action} label={actionLabel(action)} disabled={busy} onClick={() => start(action)} data-bulk-action={action} />
      ))}
      {asking && asked?.note ? (
        <NoteDialog
          open
          title={`${asked.label}: ${selectedIds.length} post${selectedIds.length === 1 ? '' : 's'}`}
          confirmLabel={asked.label}
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
          title={`${asked.label} ${selectedIds.length} post${selectedIds.length === 1 ? '' : 's'}?`}
          content={asked.confirm}
          confirm={asked.label}
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
  return (
    <Dialog open={summary != null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="posts-bulk-title">
      <DialogTitle id="posts-bulk-title">{summary ? `${actionLabel(summary.action)}: ${done} of ${summary.results.length} done` : ''}</DialogTitle>
      <DialogContent dividers>
        <MuiList dense aria-label="Results">
          {(summary?.results ?? []).map((result) => (
            <ListItem key={String(result.id)} data-result={result.ok ? 'ok' : 'refused'}>
              <ListItemIcon sx={{ minWidth: 36 }}>{result.ok ? <CheckCircleIcon color="success" /> : <ErrorIcon color="error" />}</ListItemIcon>
              <ListItemText
                primary={summary?.titles[String(result.id)] ?? String(result.id)}
                secondary={result.ok ? 'Done' : result.error}
                slotProps={{ secondary: { color: result.ok ? 'text.secondary' : 'error' } }}
              />
            </ListItem>
          ))}
        </MuiList>
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>Close</MuiButton>
      </DialogActions>
    </Dialog>
  );
};
