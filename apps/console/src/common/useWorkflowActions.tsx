import { useState, type ReactElement } from 'react';
import { Confirm, useDataProvider, useLogoutIfAccessDenied, useNotify, useRefresh, type RaRecord } from 'react-admin';
import { errorMessage } from './errors';
import type { ConsoleDataProvider } from '../providers/dataProvider';

/** How the console shows one workflow action of a resource. */
export interface WorkflowActionConfig<R> {
  icon: ReactElement;
  /** The button's label (a message key); the action's name by default. */
  label?: string;
  /** The notification after it succeeded (a message key). */
  done: string;
  color: 'primary' | 'warning' | 'error' | 'success';
  /** Asks first when set (message keys, interpolated with `args`). */
  confirm?: (record: R) => { title: string; content: string; args?: Record<string, unknown> };
}

type WorkflowRecord = RaRecord & { version?: number; allowedActions?: string[] };

/**
 * The one way the console takes a workflow action: only the actions in `record.allowedActions`
 * (in the order of `actions`), an optional confirmation, `POST /api/{resource}/{id}/actions/{Action}`
 * with `{ expectedVersion }`, then a notification and a refresh (also after a 409, to show the newer record).
 */
export function useWorkflowActions<R extends WorkflowRecord>(
  resource: string,
  record: R | undefined,
  actions: Record<string, WorkflowActionConfig<R>>,
) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [running, setRunning] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);

  const allowed = record ? Object.keys(actions).filter((name) => record.allowedActions?.includes(name)) : [];

  const run = async (name: string) => {
    if (!record) return;
    setConfirming(null);
    setRunning(name);
    try {
      await dataProvider.action(resource, record.id, name, { expectedVersion: record.version });
      notify(actions[name]?.done ?? 'console.common.notices.actionDone', { type: 'success', messageArgs: { action: name } });
      refresh();
    } catch (error) {
      const loggedOut = await logoutIfAccessDenied(error);
      if (!loggedOut) notify(errorMessage(error), { type: 'error' });
      if ((error as { status?: number }).status === 409) refresh();
    } finally {
      setRunning(null);
    }
  };

  /** What a button does: ask first when the action wants a confirmation, else run it. */
  const start = (name: string) => (actions[name]?.confirm ? setConfirming(name) : void run(name));

  const pending = confirming && record ? actions[confirming]?.confirm?.(record) : undefined;
  const confirmDialog = (
    <Confirm
      isOpen={Boolean(confirming && pending)}
      loading={running !== null}
      title={pending?.title ?? ''}
      content={pending?.content ?? ''}
      translateOptions={pending?.args}
      confirm={(confirming && actions[confirming]?.label) ?? confirming ?? 'console.common.buttons.confirm'}
      confirmColor="warning"
      onConfirm={() => confirming && void run(confirming)}
      onClose={() => setConfirming(null)}
    />
  );

  return { allowed, busy: running !== null, start, confirmDialog };
}
