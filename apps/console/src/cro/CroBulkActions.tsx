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
  Typography,
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
  useResourceContext,
  useTranslate,
  useUnselectAll,
} from 'react-admin';
import { errorMessage } from '../common/errors';
import type { BulkResult, ConsoleDataProvider } from '../providers/dataProvider';
import { GenerateDialog } from './CampaignGeneration';
import type { CroBulkAction, CroRecord } from './types';

/** One result as the API answers it: `error` in the spec's wording, `reason` the refusal's own message. */
type CroBulkResult = BulkResult & { reason?: string };

export interface CroBulkSummary {
  action: string;
  results: CroBulkResult[];
  names: Record<string, string>;
}

/** Where a bulk action's results go: a dialog outside the table (whose toolbar goes with the selection). */
export const CroBulkSummaryContext = createContext<(summary: CroBulkSummary) => void>(() => undefined);

/** Bulk actions asked about first: they take the campaigns off the websites. */
const CONFIRM = new Set(['Deactivate']);

/** Bulk actions that need a template first, sent as `templateId` (one for every record). */
const TEMPLATE = new Set(['Generate']);

/**
 * The bulk buttons of a CRO list's selection: each of the API's bulk actions (`GET
 * /api/{resource}/options` `bulk`, with its label; campaigns: `SubmitForDraft` takes `ReturnToDraft`)
 * that at least one selected record allows,
 * `POST /api/{resource}/bulk-actions` with `{ action, ids }` (Generate: and the `templateId` asked
 * for in a dialog); the answer's one result per record is
 * shown in the results dialog, the selection cleared and the list read again.
 */
export const CroBulkActions = ({ bulk }: { bulk: readonly CroBulkAction[] }) => {
  const resource = useResourceContext() ?? '';
  const { selectedIds, data } = useListContext<CroRecord>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(resource);
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const showSummary = useContext(CroBulkSummaryContext);
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<string | null>(null);
  const [choosing, setChoosing] = useState<string | null>(null);

  // The names of every record this list has shown: a selected record that left the page after a
  // refetch is still named in the results.
  const seen = useRef(new Map<string, string>());
  for (const record of data ?? []) seen.current.set(String(record.id), record.name);
  const selected = (data ?? []).filter((record) => selectedIds.includes(record.id));
  const available = bulk
    .filter((b) => selected.some((record) => record.allowedActions?.includes(b.action)))
    .map((b) => b.id);
  const label = (id: string) => bulk.find((b) => b.id === id)?.name ?? id;

  const run = async (action: string, body: Record<string, unknown> = {}) => {
    setBusy(true);
    const names = Object.fromEntries(selectedIds.map((id) => [String(id), seen.current.get(String(id)) ?? String(id)]));
    try {
      const { data: results } = await dataProvider.bulkAction(resource, action, selectedIds, body);
      showSummary({ action, results, names });
      unselectAll();
      refresh();
    } catch (error) {
      if (!(await logoutIfAccessDenied(error))) notify(errorMessage(error), { type: 'error', multiLine: true });
    } finally {
      setBusy(false);
      setAsking(null);
      setChoosing(null);
    }
  };

  return (
    <>
      {available.length === 0 ? (
        <Box component="span" sx={{ color: 'text.secondary', fontSize: 14, px: 1 }} data-bulk-none>
          {translate('console.cro.bulk.noneFits')}
        </Box>
      ) : null}
      {available.map((action) => (
        <Button
          key={action}
          label={label(action)}
          disabled={busy}
          onClick={() =>
            CONFIRM.has(action) ? setAsking(action) : TEMPLATE.has(action) ? setChoosing(action) : void run(action)
          }
          data-bulk-action={action}
        />
      ))}
      <Confirm
        isOpen={asking !== null}
        loading={busy}
        title={translate('console.cro.bulk.confirmTitle', {
          action: asking ? label(asking) : '',
          smart_count: selectedIds.length,
        })}
        content={translate('console.cro.bulk.confirmText')}
        confirm={asking ? label(asking) : ''}
        confirmColor="warning"
        onConfirm={() => asking && void run(asking)}
        onClose={() => setAsking(null)}
      />
      <GenerateDialog
        open={choosing !== null}
        busy={busy}
        title={translate('console.cro.generation.bulkTitle', { smart_count: selectedIds.length })}
        onClose={() => setChoosing(null)}
        onConfirm={(templateId) => choosing && void run(choosing, { templateId })}
      />
    </>
  );
};

/** "Publish: 1 of 2 done", then each record by name with OK or the API's message for it (and the refusal's reason). */
export const CroBulkSummaryDialog = ({
  summary,
  bulk,
  onClose,
}: {
  summary: CroBulkSummary | null;
  bulk: readonly CroBulkAction[];
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const done = summary ? summary.results.filter((result) => result.ok).length : 0;
  const action = summary ? (bulk.find((b) => b.id === summary.action)?.name ?? summary.action) : '';
  return (
    <Dialog
      open={summary != null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="cro-bulk-title"
      data-bulk-results
    >
      <DialogTitle id="cro-bulk-title">
        {summary ? translate('console.cro.bulk.summary', { action, done, total: summary.results.length }) : ''}
      </DialogTitle>
      <DialogContent dividers>
        <MuiList dense aria-label={translate('console.cro.bulk.results')}>
          {(summary?.results ?? []).map((result) => (
            <ListItem key={String(result.id)} data-result={result.ok ? 'ok' : 'failed'} data-id={String(result.id)}>
              <ListItemIcon sx={{ minWidth: 36 }}>
                {result.ok ? <CheckCircleIcon color="success" /> : <ErrorIcon color="error" />}
              </ListItemIcon>
              <ListItemText
                primary={<span data-name>{summary?.names[String(result.id)] ?? String(result.id)}</span>}
                secondary={
                  result.ok ? (
                    translate('console.cro.bulk.ok')
                  ) : (
                    <>
                      <Typography component="span" variant="body2" color="error" sx={{ display: 'block' }} data-error>
                        {result.error}
                      </Typography>
                      {result.reason && result.reason !== result.error ? (
                        <Typography
                          component="span"
                          variant="caption"
                          color="text.secondary"
                          sx={{ display: 'block' }}
                          data-reason
                        >
                          {result.reason}
                        </Typography>
                      ) : null}
                    </>
                  )
                }
              />
            </ListItem>
          ))}
        </MuiList>
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>{translate('console.cro.bulk.close')}</MuiButton>
      </DialogActions>
    </Dialog>
  );
};
