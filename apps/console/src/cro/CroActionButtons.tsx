import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Tooltip,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { useNotify, useRedirect, useRefresh, useTranslate } from 'react-admin';
import { useWorkflowActions, type WorkflowActionConfig } from '../common/useWorkflowActions';
import type { CroRecord } from './types';

/**
 * How the buttons look: the decisive step filled, the ones that take something back outlined.
 * Which show, in which order and with which label is the API's (`GET /api/{resource}/options`).
 */
const LOOKS: Record<string, WorkflowActionConfig<CroRecord>> = {
  Publish: { variant: 'contained', color: 'success' },
  SubmitForReview: { variant: 'contained', color: 'primary' },
  // Taking a live CTA off every page asks first, naming the live campaigns that place it (`liveCampaigns`).
  SaveDraft: {
    variant: 'outlined',
    color: 'primary',
    confirm: (record) => {
      if (record.status !== 'active') return undefined;
      const campaigns = Array.isArray(record.liveCampaigns) ? (record.liveCampaigns as Array<{ name: string }>) : [];
      return {
        title: 'console.cro.ctas.takeOff.title',
        content: campaigns.length ? 'console.cro.ctas.takeOff.used' : 'console.cro.ctas.takeOff.unused',
        args: { campaigns: campaigns.map((c) => `“${c.name}”`).join(', '), smart_count: campaigns.length },
      };
    },
  },
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
};

/**
 * The workflow buttons of a CRO record (`useWorkflowActions`): the API's actions of the resource
 * that `record.allowedActions` offers, less `except` (the actions another control of the page
 * takes), each `POST /api/{resource}/{id}/actions/{Action}` with `{ expectedVersion }`.
 * A refusal's field errors go under the inputs; an answer's `warnings` (a campaign whose page rules
 * match nothing) are shown as a warning; `Duplicate` opens the copy. `choose` asks for one value
 * first (CompleteAndDeploy: the variant to deploy, out of `choices`; Generate: the template, through
 * its own `render`), sent as `field`; `confirm` and `notice` name the dialog's button and the
 * success message when the action's label does not say it. Kept off while the form holds unsaved changes.
 */
export interface CroChoice {
  field: string;
  title: string;
  choices?: { id: string; name: string }[];
  /** Draws the question instead of the radio buttons of `choices`. */
  render?: (value: string, onChange: (value: string) => void) => ReactNode;
  /** i18n key of the dialog's button (default: the action's label). */
  confirm?: string;
  /** i18n key of the success message (`%{action}`; default "%{action}: done"). */
  notice?: string;
}

/** What no CRO page offers as a button: the form's save and the toolbar's delete. */
const FORM_ACTIONS = ['Update', 'Delete'];

export const CroActionButtons = ({
  resource,
  record,
  except = [],
  dirty = false,
  choose,
}: {
  resource: string;
  record: CroRecord;
  except?: readonly string[];
  dirty?: boolean;
  choose?: Record<string, CroChoice>;
}) => {
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const form = useFormContext();
  const translate = useTranslate();
  const [asking, setAsking] = useState<string | null>(null);
  const [chosen, setChosen] = useState('');
  const question = asking && choose && Object.hasOwn(choose, asking) ? choose[asking] : undefined;
  const { actions, label, running, busy, run, start, confirmDialog } = useWorkflowActions(resource, record, {
    configs: LOOKS,
    except: [...FORM_ACTIONS, ...except],
    onDone: (action, data) => {
      // A publish answers its warnings: those recorded (page rules that match nothing) and the placed CTAs not live.
      const warnings = [
        ...(Array.isArray(data.warnings) ? data.warnings : []),
        ...(action === 'Publish' && Array.isArray(data.placementWarnings) ? data.placementWarnings : []),
      ];
      if (warnings.length)
        notify(
          translate('console.cro.notices.doneWithWarning', { action: label(action), warning: warnings.join(' ') }),
          { type: 'warning', multiLine: true },
        );
      else
        notify(
          (choose && Object.hasOwn(choose, action) ? choose[action]!.notice : undefined) ?? 'console.cro.notices.done',
          { type: 'success', messageArgs: { action: label(action) } },
        );
      if (action === 'Duplicate' && typeof data.copyId === 'string') redirect('edit', resource, data.copyId);
      else refresh();
      return true;
    },
    onRefused: ({ errors }) => {
      for (const [field, message] of Object.entries(errors ?? {})) form?.setError(field, { type: 'server', message });
    },
  });
  if (actions.length === 0) return null;

  const send = async (action: string, extra?: Record<string, unknown>) => {
    setAsking(null);
    await run(action, extra);
  };

  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 1, flexWrap: 'wrap' }}>
      {actions.map(({ name, label: text, config }) => {
        const button = (
          <Button
            key={name}
            variant={config.variant ?? 'outlined'}
            color={config.color ?? 'primary'}
            disabled={dirty || busy}
            startIcon={running === name ? <CircularProgress size={16} color="inherit" /> : undefined}
            onClick={() => {
              if (choose && Object.hasOwn(choose, name)) {
                setChosen(choose[name]!.choices?.[0]?.id ?? '');
                setAsking(name);
              } else start(name);
            }}
            data-action={name}
          >
            {text}
          </Button>
        );
        return dirty ? (
          <Tooltip key={name} title={translate('console.cro.saveFirst')}>
            <span>{button}</span>
          </Tooltip>
        ) : (
          button
        );
      })}
      {confirmDialog}
      <Dialog
        open={Boolean(question)}
        onClose={() => setAsking(null)}
        aria-labelledby="cro-choose-title"
        fullWidth={Boolean(question?.render)}
        maxWidth="sm"
        data-choose={asking ?? undefined}
      >
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
            onClick={() => asking && question && void send(asking, { [question.field]: chosen })}
            data-choose-confirm
          >
            {question?.confirm ? translate(question.confirm) : asking ? label(asking) : ''}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
};
