import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutlined';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlined';
import { Button, useRecordContext, useResourceContext } from 'react-admin';
import { useWorkflowActions, type WorkflowActionConfig } from '../common/useWorkflowActions';
import type { Website } from '../types';

/** The website actions the console offers, in display order; only those in `record.allowedActions` show. */
const ACTIONS: Record<string, WorkflowActionConfig<Website>> = {
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
        <Button key={name} label={name} color={ACTIONS[name]!.color} disabled={busy} onClick={() => start(name)}>
          {ACTIONS[name]!.icon}
        </Button>
      ))}
      {confirmDialog}
    </>
  );
};
