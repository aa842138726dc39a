import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import PersonOffOutlinedIcon from '@mui/icons-material/PersonOffOutlined';
import RestoreOutlinedIcon from '@mui/icons-material/RestoreOutlined';
import { Box, IconButton, Tooltip } from '@mui/material';
import { Button, useRecordContext } from 'react-admin';
import { useWorkflowActions, type WorkflowActionConfig } from '../common/useWorkflowActions';
import type { Member } from '../types';

/**
 * How the member actions are drawn, in display order; only those in `record.allowedActions`
 * show (ChangeAccess is the edit form).
 */
const ACTIONS: Record<string, WorkflowActionConfig<Member>> = {
  Accept: {
    icon: <CheckCircleOutlinedIcon />,
    label: 'console.members.actions.Accept',
    done: 'console.members.actions.accepted',
    color: 'success',
  },
  Decline: {
    icon: <HighlightOffIcon />,
    label: 'console.members.actions.Decline',
    done: 'console.members.actions.declined',
    color: 'warning',
    confirm: () => ({ title: 'console.members.actions.declineTitle', content: 'console.members.actions.declineText' }),
  },
  Resend: {
    icon: <ForwardToInboxIcon />,
    label: 'console.members.actions.Resend',
    done: 'console.members.actions.resent',
    color: 'primary',
  },
  Deactivate: {
    icon: <PersonOffOutlinedIcon />,
    label: 'console.members.actions.Deactivate',
    done: 'console.members.actions.deactivated',
    color: 'warning',
    confirm: (record) => ({
      title: 'console.members.actions.deactivateTitle',
      content: 'console.members.actions.deactivateText',
      args: { name: record.name },
    }),
  },
  Reactivate: {
    icon: <RestoreOutlinedIcon />,
    label: 'console.members.actions.Reactivate',
    done: 'console.members.actions.reactivated',
    color: 'primary',
  },
};

/**
 * One button per allowed workflow action: `POST /api/members/{id}/actions/{Action}` with
 * `{ expectedVersion }`, then a refresh and a notification. Clicks do not reach a list row
 * (the confirmation dialog is a portal, whose events bubble through React's tree).
 */
export const MemberActionButtons = ({ compact = false }: { compact?: boolean; label?: string }) => {
  const record = useRecordContext<Member>();
  const { actions, busy, start, confirmDialog } = useWorkflowActions('members', record, {
    configs: ACTIONS,
    // Taking a member off one website is the website's access panel (WebsiteAccess).
    except: ['RemoveFromWebsite'],
  });
  if (actions.length === 0) return null;

  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', flexWrap: 'nowrap', gap: 0.5 }}
      onClick={(event) => event.stopPropagation()}
    >
      {actions.map(({ name, label, config }) => {
        // In a list row: icon buttons named by their action (aria-label), the name in a tooltip.
        if (compact) {
          return (
            <Tooltip key={name} title={label}>
              <span>
                <IconButton
                  aria-label={label}
                  size="small"
                  color={config.color}
                  sx={{ '& svg': { fontSize: 20 } }}
                  disabled={busy}
                  onClick={() => start(name)}
                >
                  {config.icon}
                </IconButton>
              </span>
            </Tooltip>
          );
        }
        return (
          <Button key={name} label={label} color={config.color} disabled={busy} onClick={() => start(name)}>
            {config.icon}
          </Button>
        );
      })}
      {confirmDialog}
    </Box>
  );
};
