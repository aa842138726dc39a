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
  useTranslate,
} from 'react-admin';
import { errorMessage } from '../common/errors';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import type { Projection } from '../types';

type ProjectionAction = 'rebuild' | 'restart';

const fallbackMessage = (action: ProjectionAction) =>
  action === 'rebuild' ? 'console.projections.notices.rebuilding' : 'console.projections.notices.restarted';

/**
 * "Rebuild" (after a confirmation) and, for a failed projection, "Restart":
 * `POST /api/admin/projections/{name}/{action}`, then the API's message and a refresh.
 */
export const ProjectionActionButtons = () => {
  const record = useRecordContext<Projection>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [running, setRunning] = useState<ProjectionAction | null>(null);
  const [confirming, setConfirming] = useState(false);

  if (!record) return null;
  const name = record.name;

  const run = async (action: ProjectionAction) => {
    setRunning(action);
    try {
      const { data } = await dataProvider.projectionAction(name, action);
      notify(data.message || fallbackMessage(action), { type: 'success', messageArgs: { name } });
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
        <Button label="console.projections.buttons.restart" color="primary" disabled={running !== null} onClick={() => void run('restart')}>
          <RestartAltIcon />
        </Button>
      ) : null}
      <Button label="console.projections.buttons.rebuild" color="warning" disabled={running !== null} onClick={() => setConfirming(true)}>
        <ReplayIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        loading={running !== null}
        title="console.projections.rebuildDialog.title"
        titleTranslateOptions={{ name }}
        content={
          <DialogContentText>
            {translate('console.projections.rebuildDialog.before')}
            <strong>{name}</strong>
            {translate('console.projections.rebuildDialog.after', { name })}
          </DialogContentText>
        }
        confirm="console.projections.buttons.rebuild"
        confirmColor="warning"
        onConfirm={() => void run('rebuild')}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
};
