import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup, Tooltip } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { useDataProvider, useLogoutIfAccessDenied, useNotify, useRedirect, useRefresh, useTranslate } from 'react-admin';
import { errorMessage } from '../common/errors';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import type { CroRecord } from './types';

/** How the buttons look: the decisive step filled, the ones that take something back outlined. */
const LOOKS: Record<string, { variant: 'contained' | 'outlined' | 'text'; color: 'primary' | 'success' | 'warning' | 'error' | 'inherit' }> = {
  Publish: { variant: 'contained', color: 'success' },
  SubmitForReview: { variant: 'contained', color: 'primary' },
  SaveDraft: { variant: 'outlined', color: 'primary' },
  Resume: { variant: 'contained', color: 'success' },
  Complete: { variant: 'outlined', color: 'primary' },
  CompleteAndDeploy: { variant: 'contained', color: 'success' },
  ConfirmCompletion: { variant: 'outlined', color: 'warning' },
  Pause: { variant: 'outlined', color: 'warning' },
  Unpublish: { variant: 'outlined', color: 'warning' },
  Deactivate: { variant: 'outlined', color: 'warning' },
  ReturnToDraft: { variant: 'outlined', color: 'inherit' },
  ReturnToReview: { variant: 'outlined', color: 'inherit' },
  Restore: { variant: 'outlined', color: 'primary' },
  Duplicate: { variant: 'text', color: 'primary' },
  Generate: { variant: 'outlined', color: 'primary' },
  CancelGeneration: { variant: 'outlined', color: 'warning' },
};

interface ApiError {
  status?: number;
  body?: { message?: string; errors?: Record<string, string> };
}

/**
 * The workflow buttons of a CRO record: only the `actions` that `record.allowedActions` offers
 * (in this order), each `POST /api/{resource}/{id}/actions/{Action}` with `{ expectedVersion }`.
 * A refusal's field errors go under the inputs; an answer's `warnings` (a campaign whose page rules
 * match nothing) are shown as a warning; `Duplicate` opens the copy. `choose` asks for one value
 * first (CompleteAndDeploy: the variant to deploy, out of `choices`; Generate: the template, through
 * its own `render`), sent as `field`; `confirm` and `notice` name the dialog's button and the
 * success message when the action's name does not say it. Kept off while the form holds unsaved changes.
 */
export interface CroChoice {
  field: string;
  title: string;
  choices?: { id: string; name: string }[];
  /** Draws the question instead of the radio buttons of `choices`. */
  render?: (value: string, onChange: (value: string) => void) => ReactNode;
  /** i18n key of the dialog's button (default: the action's name). */
  confirm?: string;
  /** i18n key of the success message (`%{action}`; default "%{action}: done"). */
  notice?: string;
}

export const CroActionButtons = ({
  resource,
  record,
  actions,
  dirty = false,
  choose,
}: {
  resource: string;
  record: CroRecord;
  actions: readonly string[];
  dirty?: boolean;
  choose?: Record<string, CroChoice>;
}) => {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const form = useFormContext();
  const translate = useTranslate();
  const [running, setRunning] = useState<string | null>(null);
  const [asking, setAsking] = useState<string | null>(null);
  const [chosen, setChosen] = useState('');
  const allowed = actions.filter((action) => record.allowedActions?.includes(action));
  if (allowed.length === 0) return null;

  const run = async (action: string, extra: Record<string, unknown> = {}) => {
    setAsking(null);
    setRunning(action);
    try {
      const { data } = await dataProvider.action<CroRecord & { copyId?: string }>(resource, record.id, action, { expectedVersion: record.version, ...extra });
      const warnings = Array.isArray(data.warnings) ? data.warnings : [];
      if (warnings.length) notify(translate('console.cro.notices.doneWithWarning', { action: translate(`console.cro.actions.${action}`), warning: warnings.join(' ') }), { type: 'warning', multiLine: true });
      else notify((choose && Object.hasOwn(choose, action) ? choose[action]!.notice : undefined) ?? 'console.cro.notices.done', { type: 'success', messageArgs: { action: translate(`console.cro.actions.${action}`) } });
      if (action === 'Duplicate' && data.copyId) redirect('edit', resource, data.copyId);
      else refresh();
    } catch (error) {
      if (await logoutIfAccessDenied(error)) return;
      const e = error as ApiError;
      notify(errorMessage(error), { type: 'error', multiLine: true });
      for (const [field, message] of Object.entries(e.body?.errors ?? {})) form?.setError(field, { type: 'server', message });
      if (e.status === 409) refresh();
    } finally {
      setRunning(null);
    }
  };

  const question = asking && choose && Object.hasOwn(choose, asking) ? choose[asking] : undefined;
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 1, flexWrap: 'wrap' }}>
      {allowed.map((action) => {
        const look = Object.hasOwn(LOOKS, action) ? LOOKS[action]! : { variant: 'outlined' as const, color: 'primary' as const };
        const button = (
          <Button
            key={action}
            variant={look.variant}
            color={look.color}
            disabled={dirty || running !== null}
            startIcon={running === action ? <CircularProgress size={16} color="inherit" /> : undefined}
            onClick={() => {
              if (choose && Object.hasOwn(choose, action)) {
                setChosen(choose[action]!.choices?.[0]?.id ?? '');
                setAsking(action);
              } else void run(action);
            }}
            data-action={action}
          >
            {translate(`console.cro.actions.${action}`, { _: action })}
          </Button>
        );
        return dirty ? (
          <Tooltip key={action} title={translate('console.cro.saveFirst')}>
            <span>{button}</span>
          </Tooltip>
        ) : (
          button
        );
      })}
      <Dialog open={Boolean(question)} onClose={() => setAsking(null)} aria-labelledby="cro-choose-title" fullWidth={Boolean(question?.render)} maxWidth="sm" data-choose={asking ?? undefined}>
        <DialogTitle id="cro-choose-title">{question ? translate(question.title) : ''}</DialogTitle>
        <DialogContent dividers={Boolean(question?.render)}>
          {question?.render ? (
            question.render(chosen, setChosen)
          ) : (
            <RadioGroup value={chosen} onChange={(event) => setChosen(event.target.value)}>
              {(question?.choices ?? []).map((choice) => (
                <FormControlLabel key={choice.id} value={choice.id} control={<Radio />} label={choice.name} />
              ))}
            </RadioGroup>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)}>{translate('ra.action.cancel')}</Button>
          <Button
            variant="contained"
            disabled={!chosen}
            onClick={() => asking && question && void run(asking, { [question.field]: chosen })}
            data-choose-confirm
          >
            {question?.confirm ? translate(question.confirm) : asking ? translate(`console.cro.actions.${asking}`) : ''}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
};
