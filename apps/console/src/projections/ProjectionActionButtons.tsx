import ReplayIcon from '@mui/icons-material/Replay';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Box, DialogContentText } from '@mui/material';
import { createContext, useContext, useState, type ReactNode } from 'react';
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

interface ProjectionActions {
  /** The projection whose action is under way, if any. */
  running: string | null;
  run: (name: string, action: ProjectionAction) => void;
  /** Opens the rebuild confirmation for this projection. */
  confirmRebuild: (name: string) => void;
}

const ProjectionActionsContext = createContext<ProjectionActions | null>(null);

/**
 * Holds the action state and the one rebuild confirmation above the list: the list refreshes
 * every few seconds, and a row re-rendered or re-mounted by a refresh must not close the dialog
 * the user is reading.
 */
export const ProjectionActionsProvider = ({ children }: { children: ReactNode }) => {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [running, setRunning] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);

  const run = async (name: string, action: ProjectionAction) => {
    setRunning(name);
    try {
      const { data } = await dataProvider.projectionAction(name, action);
      notify(data.message || fallbackMessage(action), { type: 'success', messageArgs: { name } });
      refresh();
    } catch (error) {
      const loggedOut = await logoutIfAccessDenied(error);
      if (!loggedOut) notify(errorMessage(error), { type: 'error' });
    } finally {
      setRunning(null);
      setConfirming(null);
    }
  };

  const actions: ProjectionActions = {
    running,
    run: (name, action) => void run(name, action),
    confirmRebuild: setConfirming,
  };

  return (
    <ProjectionActionsContext.Provider value={actions}>
      {children}
      <Confirm
        isOpen={confirming !== null}
        loading={running !== null}
        title="console.projections.rebuildDialog.title"
        titleTranslateOptions={{ name: confirming ?? '' }}
        content={
          <DialogContentText>
            {translate('console.projections.rebuildDialog.before')}
            <strong>{confirming}</strong>
            {translate('console.projections.rebuildDialog.after', { name: confirming ?? '' })}
          </DialogContentText>
        }
        confirm="console.projections.buttons.rebuild"
        confirmColor="warning"
        onConfirm={() => {
          if (confirming) void run(confirming, 'rebuild');
        }}
        onClose={() => {
          if (running === null) setConfirming(null);
        }}
      />
    </ProjectionActionsContext.Provider>
  );
};

/**
 * "Rebuild" (after a confirmation) and, for a failed projection, "Restart":
 * `POST /api/admin/projections/{name}/{action}`, then the API's message and a refresh.
 */
export const ProjectionActionButtons = () => {
  const record = useRecordContext<Projection>();
  const actions = useContext(ProjectionActionsContext);
  if (!record || !actions) return null;
  const name = record.name;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5, whiteSpace: 'nowrap' }}>
      {record.status === 'failed' ? (
        <Button
          label="console.projections.buttons.restart"
          color="primary"
          disabled={actions.running !== null}
          onClick={() => actions.run(name, 'restart')}
        >
          <RestartAltIcon />
        </Button>
      ) : null}
      <Button
        label="console.projections.buttons.rebuild"
        color="warning"
        disabled={actions.running !== null}
        onClick={() => actions.confirmRebuild(name)}
      >
        <ReplayIcon />
      </Button>
    </Box>
  );
};
