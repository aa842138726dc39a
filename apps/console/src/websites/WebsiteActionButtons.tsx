import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutlined';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlined';
import { Button, useRecordContext, useResourceContext } from 'react-admin';
import { useWorkflowActions, type WorkflowActionConfig } from '../common/useWorkflowActions';
import type { Website } from '../types';

/** The website actions the console offers, in display order; only those in `record.allowedActions` show. */
const ACTIONS: Record<string, WorkflowActionConfig<Website>> = {
  Activate: { icon: <PlayCircleOutlineIcon />, label: 'console.websites.actions.Activate', done: 'console.websites.actions.activated', color: 'primary' },
  Deactivate: {
    icon: <PauseCircleOutlineIcon />,
    label: 'console.websites.actions.Deactivate',
    done: 'console.websites.actions.deactivated',
    color: 'warning',
    confirm: (record) => ({
      title: 'console.websites.actions.deactivateTitle',
      content: 'console.websites.actions.deactivateText',
      args: { name: record.name },
    }),
  },
};

/**
 * One button per allowed workflow action: `POST /api/websites/{id}/actions/{Action}` with
 * `{ expectedVersion }`, then a refresh and a notification.
 */
export const WebsiteActionButtons = () => {
  const record = useRecordContext<Website>();
  const resource = useResourceContext() ?? 'websites';
  const { allowed, busy, start, confirmDialog } = useWorkflowActions(resource, record, ACTIONS);
  if (allowed.length === 0) return null;
  return (
    <>
      {allowed.map((name) => (
        <Button key={name} label={ACTIONS[name]!.label ?? name} color={ACTIONS[name]!.color} disabled={busy} onClick={() => start(name)}>
          {ACTIONS[name]!.icon}
        </Button>
      ))}
      {confirmDialog}
    </>
  );
};
