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
 * The member actions the console offers, in display order; only those in `record.allowedActions`
 * show (ChangeAccess is the edit form).
 */
const ACTIONS: Record<string, WorkflowActionConfig<Member>> = {
  Accept: { icon: <CheckCircleOutlinedIcon />, done: 'Invitation accepted', color: 'success' },
  Decline: {
    icon: <HighlightOffIcon />,
    done: 'Invitation declined',
    color: 'warning',
    confirm: () => ({
      title: 'Decline this invitation?',
      content: 'You will not join the organisation. Its owners can invite you again later.',
    }),
  },
  Resend: { icon: <ForwardToInboxIcon />, done: 'Invitation sent again', color: 'primary' },
  Deactivate: {
    icon: <PersonOffOutlinedIcon />,
    done: 'Member deactivated',
    color: 'warning',
    confirm: (record) => ({
      title: `Deactivate ${record.name}?`,
      content: `${record.name} loses access to the organisation and its websites. You can reactivate them at any time.`,
    }),
  },
  Reactivate: { icon: <RestoreOutlinedIcon />, done: 'Member reactivated', color: 'primary' },
};

/**
 * One button per allowed workflow action: `POST /api/members/{id}/actions/{Action}` with
 * `{ expectedVersion }`, then a refresh and a notification. Clicks do not reach a list row
 * (the confirmation dialog is a portal, whose events bubble through React's tree).
 */
export const MemberActionButtons = ({ compact = false }: { compact?: boolean; label?: string }) => {
  const record = useRecordContext<Member>();
  const { allowed, busy, start, confirmDialog } = useWorkflowActions('members', record, ACTIONS);
  if (allowed.length === 0) return null;

  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', flexWrap: 'nowrap', gap: 0.5 }}
      onClick={(event) => event.stopPropagation()}
    >
      {allowed.map((name) => {
        const config = ACTIONS[name]!;
        // In a list row: icon buttons named by their action (aria-label), the name in a tooltip.
        if (compact) {
          return (
            <Tooltip key={name} title={name}>
              <span>
                <IconButton aria-label={name} size="small" color={config.color} sx={{ '& svg': { fontSize: 20 } }} disabled={busy} onClick={() => start(name)}>
                  {config.icon}
                </IconButton>
              </span>
            </Tooltip>
          );
        }
        return (
          <Button key={name} label={name} color={config.color} disabled={busy} onClick={() => start(name)}>
            {config.icon}
          </Button>
        );
      })}
      {confirmDialog}
    </Box>
  );
};
