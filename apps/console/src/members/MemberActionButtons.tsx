import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import PersonOffOutlinedIcon from '@mui/icons-material/PersonOffOutlined';
import RestoreOutlinedIcon from '@mui/icons-material/RestoreOutlined';
import { Box, IconButton, Tooltip } from '@mui/material';
import { useState, type ReactElement } from 'react';
import {
  Button,
  Confirm,
  useDataProvider,
  useLogoutIfAccessDenied,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import type { Member } from '../types';

interface ActionConfig {
  icon: ReactElement;
  done: string;
  color: 'primary' | 'warning' | 'error' | 'success';
  confirm?: (record: Member) => { title: string; content: string };
}

/**
 * The member actions the console offers, in display order; only those in `record.allowedActions`
 * show (ChangeAccess is the edit form).
 */
const ACTIONS: Record<string, ActionConfig> = {
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

const errorMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'The action failed, please try again';

/**
 * One button per allowed workflow action: `POST /api/members/{id}/actions/{Action}` with
 * `{ expectedVersion }`, then a refresh and a notification. Clicks do not reach a list row
 * (the confirmation dialog is a portal, whose events bubble through React's tree).
 */
export const MemberActionButtons = ({ compact = false }: { compact?: boolean; label?: string }) => {
  const record = useRecordContext<Member>();
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
      await dataProvider.action('members', record.id, name, { expectedVersion: record.version });
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
    <Box
      component="span"
      sx={{ display: 'inline-flex', flexWrap: 'nowrap', gap: 0.5 }}
      onClick={(event) => event.stopPropagation()}
    >
      {allowed.map((name) => {
        const config = ACTIONS[name]!;
        const onClick = () => (config.confirm ? setConfirming(name) : void run(name));
        // In a list row: icon buttons named by their action (aria-label), the name in a tooltip.
        if (compact) {
          return (
            <Tooltip key={name} title={name}>
              <span>
                <IconButton aria-label={name} size="small" color={config.color} sx={{ '& svg': { fontSize: 20 } }} disabled={running !== null} onClick={onClick}>
                  {config.icon}
                </IconButton>
              </span>
            </Tooltip>
          );
        }
        return (
          <Button
            key={name}
            label={name}
            color={config.color}
            disabled={running !== null}
            onClick={onClick}
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
    </Box>
  );
};
