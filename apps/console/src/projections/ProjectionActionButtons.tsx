import ReplayIcon from '@mui/icons-material/Replay';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Box, DialogContentText } from '@mui/material';
import { useState } from 'react';
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
import type { Projection } from '../types';

type ProjectionAction = 'rebuild' | 'restart';

const errorMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'The action failed, please try again';

const fallbackMessage = (action: ProjectionAction, name: string) =>
  action === 'rebuild' ? `Projection ${name} is being rebuilt` : `Projection ${name} restarted`;

/**
 * "Rebuild" (after a confirmation) and, for a failed projection, "Restart":
 * `POST /api/admin/projections/{name}/{action}`, then the API's message and a refresh.
 */
export const ProjectionActionButtons = () => {
  const record = useRecordContext<Projection>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [running, setRunning] = useState<ProjectionAction | null>(null);
  const [confirming, setConfirming] = useState(false);

  if (!record) return null;
  const name = record.name;

  const run = async (action: ProjectionAction) => {
    setRunning(action);
    try {
      const { data } = await dataProvider.projectionAction(name, action);
      notify(data.message || fallbackMessage(action, name), { type: 'success' });
      refresh();
    } catch (error) {
      const loggedOut = await logoutIfAccessDenied(error);
      if (!loggedOut) notify(errorMessage(error), { type: 'error' });
    } finally {
      setRunning(null);
      setConfirming(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5, whiteSpace: 'nowrap' }}>
      {record.status === 'failed' ? (
        <Button label="Restart" color="primary" disabled={running !== null} onClick={() => void run('restart')}>
          <RestartAltIcon />
        </Button>
      ) : null}
      <Button label="Rebuild" color="warning" disabled={running !== null} onClick={() => setConfirming(true)}>
        <ReplayIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        loading={running !== null}
        title={`Rebuild "${name}"?`}
        content={
          <DialogContentText>
            This empties the <strong>{name}</strong> read model and replays the whole event log into it. The other
            projections keep running meanwhile; until the replay has caught up, screens that read from {name} may show
            fewer records or none.
          </DialogContentText>
        }
        confirm="Rebuild"
        confirmColor="warning"
        onConfirm={() => void run('rebuild')}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
};
