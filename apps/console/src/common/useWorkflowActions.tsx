import { useState, type ReactElement } from 'react';
import {
  Confirm,
  useDataProvider,
  useLogoutIfAccessDenied,
  useNotify,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { errorParts } from './errors';
import { humanizeName } from './historyText';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import { useApiOptions } from '../providers/useApiOptions';

/** One entry of an options route's `actions` (`GET /api/{resource}/options`): an action and its button's label. */
export interface ActionChoice {
  id: string;
  name: string;
}

/** How the console draws one workflow action of a resource (never whether it shows: that is the API's). */
export interface WorkflowActionConfig<R> {
  icon?: ReactElement;
  /** A message key for the button: a second language's words; the API's label is its default. */
  label?: string;
  /** The notification after it succeeded (a message key; `%{action}` is the label). */
  done?: string;
  color?: 'primary' | 'secondary' | 'warning' | 'error' | 'success' | 'inherit';
  variant?: 'contained' | 'outlined' | 'text';
  /** Asks first when it answers a question (message keys, interpolated with `args`); `undefined`: no question for this record. */
  confirm?: (record: R) => { title: string; content: string; args?: Record<string, unknown> } | undefined;
}

/** One button to show: the action, its label, and how it is drawn. */
export interface WorkflowButton<R> {
  name: string;
  label: string;
  config: WorkflowActionConfig<R>;
}

/** What an action answered: the updated record, or the refusal (the API's message and field errors). */
export interface ActionOutcome<T = RaRecord> {
  ok: boolean;
  data?: T;
  status?: number;
  message?: string;
  errors?: Record<string, string>;
}

export type WorkflowRecord = RaRecord & { version?: number; allowedActions?: string[] };

export interface WorkflowActionsOptions<R extends WorkflowRecord> {
  /** How some actions are drawn (icon, colour, confirmation, notice); the others get the defaults. */
  configs?: Readonly<Record<string, WorkflowActionConfig<R>>>;
  /** Just these actions (a part of the page, e.g. the post holder's Select / Discard / TakeOver). */
  only?: readonly string[];
  /** Actions another control of the page takes (a form's Save, a panel's "Cancel generation"). */
  except?: readonly string[];
  /** The message key of a button, for a second language (the API's label is its default). */
  labelKey?: (action: string) => string;
  /** The `expectedVersion` to send (the record's `version` by default). */
  expectedVersion?: (record: R) => number | undefined | Promise<number | undefined>;
  /** After a success; answering `true` means the caller notified and refreshed (or left the page) itself. */
  onDone?: (action: string, data: R & Record<string, unknown>) => boolean | void;
  /** A refusal's words for the notification (the API's message by default). */
  failureText?: (message: string, action: string) => string;
  /** After a refusal; answering `true` means the caller shows it (a dialog's own field), so no notification. */
  onRefused?: (outcome: ActionOutcome, action: string) => boolean | void;
}

/**
 * The actions of one resource as the API names them, in its order, with their labels: `GET
 * /api/{resource}/options` `actions` (asked once per page load, shared with every other reader of
 * that route). `listed` is `undefined` while it loads, and `null` when the route lists no actions
 * (or did not answer); `label(action)` is the API's label, else the action in words.
 */
export const useApiActions = (resource: string) => {
  const { data, isPending } = useApiOptions<{ actions?: ActionChoice[] }>(resource);
  const listed = isPending ? undefined : Array.isArray(data?.actions) ? data.actions : null;
  const label = (action: string) => listed?.find((a) => a.id === action)?.name ?? humanizeName(action);
  return { listed, label };
};

/**
 * The one way the console offers and takes a workflow action. The buttons are the API's: the
 * actions `GET /api/{resource}/options` lists (in its order, with its labels) that the record's
 * `allowedActions` offer, less `except` (or just `only`): every resource's options route lists them
 * (libs/platform/src/resources/resource.ts `optionsOf`). Should the route not answer, the `configs`
 * it draws show, in their order, when the record allows them. Nothing shows while the options load:
 * never a button the API does not offer.
 *
 * `run(action, body)` sends `POST /api/{resource}/{id}/actions/{Action}` with `{ expectedVersion,
 * ...body }`, then notifies (`done`, or "%{action} done") and refreshes the page; a refusal is
 * notified in the API's words and answered (`ActionOutcome`), and a 409 refreshes too, to show the
 * newer record. `start(action)` asks first when the action's config has a `confirm`
 * (`confirmDialog` is that question, to render once).
 */
export function useWorkflowActions<R extends WorkflowRecord>(
  resource: string,
  record: R | undefined,
  options: WorkflowActionsOptions<R> = {},
) {
  const { configs = {}, only, except = [], labelKey, expectedVersion, onDone, failureText, onRefused } = options;
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const choices = useApiActions(resource);
  const [running, setRunning] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);

  const configOf = (name: string): WorkflowActionConfig<R> => (Object.hasOwn(configs, name) ? configs[name]! : {});
  const label = (name: string) => {
    const fallback = choices.label(name);
    const key = configOf(name).label ?? labelKey?.(name);
    return key ? translate(key, { _: fallback }) : fallback;
  };

  const candidates =
    choices.listed === undefined ? [] : choices.listed ? choices.listed.map((a) => a.id) : Object.keys(configs);
  const actions: WorkflowButton<R>[] = record
    ? candidates
        .filter(
          (name) => record.allowedActions?.includes(name) && !except.includes(name) && (!only || only.includes(name)),
        )
        .map((name) => ({ name, label: label(name), config: configOf(name) }))
    : [];

  const run = async (
    name: string,
    body: Record<string, unknown> = {},
  ): Promise<ActionOutcome<R & Record<string, unknown>>> => {
    if (!record) return { ok: false };
    setConfirming(null);
    setRunning(name);
    try {
      const version = expectedVersion ? await expectedVersion(record) : record.version;
      const { data } = await dataProvider.action<R & Record<string, unknown>>(resource, record.id, name, {
        expectedVersion: version,
        ...body,
      });
      if (onDone?.(name, data) !== true) {
        notify(configOf(name).done ?? 'console.common.notices.actionDone', {
          type: 'success',
          messageArgs: { action: label(name) },
        });
        refresh();
      }
      return { ok: true, data };
    } catch (error) {
      if (await logoutIfAccessDenied(error)) return { ok: false };
      const { status, message, errors } = errorParts(error, 'console.common.notices.actionFailed');
      const outcome = { ok: false, status, message: failureText ? failureText(message, name) : message, errors };
      if (onRefused?.(outcome, name) !== true) notify(outcome.message, { type: 'error', multiLine: true });
      if (status === 409) refresh();
      return outcome;
    } finally {
      setRunning(null);
    }
  };

  /** What a button does: ask first when the action wants a confirmation, else run it. */
  const start = (name: string) => (record && configOf(name).confirm?.(record) ? setConfirming(name) : void run(name));

  const pending = confirming && record ? configOf(confirming).confirm?.(record) : undefined;
  const confirmDialog = (
    <Confirm
      isOpen={Boolean(confirming && pending)}
      loading={running !== null}
      title={pending?.title ?? ''}
      content={pending?.content ?? ''}
      translateOptions={pending?.args}
      confirm={confirming ? label(confirming) : 'console.common.buttons.confirm'}
      confirmColor="warning"
      onConfirm={() => confirming && void run(confirming)}
      onClose={() => setConfirming(null)}
    />
  );

  return {
    /** The buttons to show, in the API's order, with their labels. */
    actions,
    /** The options are still loading: no buttons yet. */
    isPending: choices.listed === undefined,
    /** The label of any action of the resource. */
    label,
    running,
    busy: running !== null,
    run,
    start,
    confirmDialog,
  };
}
