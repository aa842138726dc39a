import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutlined';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlined';
import { Button, useRecordContext, useResourceContext } from 'react-admin';
import { useWorkflowActions, type WorkflowActionConfig } from '../common/useWorkflowActions';
import type { Website } from '../types';

/** How the website actions are drawn, in display order; only those in `record.allowedActions` show. */
const ACTIONS: Record<string, WorkflowActionConfig<Website>> = {
  Activate: {
    icon: <PlayCircleOutlineIcon />,
    label: 'console.websites.actions.Activate',
    done: 'console.websites.actions.activated',
    color: 'primary',
  },
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
  const { actions, busy, start, confirmDialog } = useWorkflowActions(resource, record, {
    configs: ACTIONS,
    // The installation check is the installation panel's (onboarding/api.ts).
    except: ['VerifyInstallation'],
  });
  if (actions.length === 0) return null;
  return (
    <>
      {actions.map(({ name, label, config }) => (
        <Button key={name} label={label} color={config.color} disabled={busy} onClick={() => start(name)}>
          {config.icon}
        </Button>
      ))}
      {confirmDialog}
    </>
  );
};
