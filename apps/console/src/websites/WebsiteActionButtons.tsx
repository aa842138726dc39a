import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutlined';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlined';
import { useState, type ReactElement } from 'react';
import {
  Button,
  Confirm,
  useDataProvider,
  useLogoutIfAccessDenied,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
} from 'react-admin';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import type { Website } from '../types';

interface ActionConfig {
  icon: ReactElement;
  done: string;
  color: 'primary' | 'warning';
  confirm?: (record: Website) => { title: string; content: string };
}

/** The website actions the console offers, in display order; only those in `record.allowedActions` show. */
const ACTIONS: Record<string, ActionConfig> = {
  Activate: { icon: <PlayCircleOutlineIcon />, done: 'Website activated', color: 'primary' },
  Deactivate: {
    icon: <PauseCircleOutlineIcon />,
    done: 'Website deactivated',
    color: 'warning',
    confirm: (record) => ({
      title: `Deactivate "${record.name}"?`,
      content: 'An inactive website cannot publish CTAs or campaigns. You can activate it again at any time.',
    }),
  },
};

const errorMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'The action failed, please try again';

/**
 * One button per allowed workflow action: `POST /api/websites/{id}/actions/{Action}` with
 * `{ expectedVersion }`, then a refresh and a notification.
 */
export const WebsiteActionButtons = () => {
  const record = useRecordContext<Website>();
  const resource = useResourceContext() ?? 'websites';
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [running, setRunning] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);

  if (!record) return null;
  const allowed = Object.keys(ACTIONS).filter((name) => record.allowedActions?.includes(name));
  if (allowed.length === 0) return null;

  const run = async (name: string) => {
    setConfirming(null);
    setRunning(name);
    try {
      await dataProvider.action(resource, record.id, name, { expectedVersion: record.version });
      notify(ACTIONS[name]?.done ?? `${name} done`, { type: 'success' });
      refresh();
    } catch (error) {
      const loggedOut = await logoutIfAccessDenied(error);
      if (!loggedOut) notify(errorMessage(error), { type: 'error' });
      if ((error as { status?: number }).status === 409) refresh();
    } finally {
      setRunning(null);
    }
  };

  const pending = confirming ? ACTIONS[confirming]?.confirm?.(record) : undefined;

  return (
    <>
      {allowed.map((name) => {
        const config = ACTIONS[name]!;
        return (
          <Button
            key={name}
            label={name}
            color={config.color}
            disabled={running !== null}
            onClick={() => (config.confirm ? setConfirming(name) : void run(name))}
          >
            {config.icon}
          </Button>
        );
      })}
      <Confirm
        isOpen={Boolean(confirming && pending)}
        loading={running !== null}
        title={pending?.title ?? ''}
        content={pending?.content ?? ''}
        confirm={confirming ?? 'Confirm'}
        confirmColor="warning"
        onConfirm={() => confirming && void run(confirming)}
        onClose={() => setConfirming(null)}
      />
    </>
  );
};
