import PublishIcon from '@mui/icons-material/Publish';
import UnpublishedOutlinedIcon from '@mui/icons-material/UnpublishedOutlined';
import { Box, Button, CircularProgress, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Confirm, useDataProvider, useLogoutIfAccessDenied, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import { toFormErrors } from './errors';
import { BIOS, type Bio } from './types';

const ACTIONS = {
  Publish: { icon: <PublishIcon />, done: 'console.bios.notices.published', variant: 'contained', color: 'success' },
  Unpublish: { icon: <UnpublishedOutlinedIcon />, done: 'console.bios.notices.unpublished', variant: 'outlined', color: 'warning' },
} as const;
type BioAction = keyof typeof ACTIONS;

/**
 * Publish and Unpublish, as `allowedActions` offers them (`POST /api/bios/{id}/actions/{Action}`
 * with `expectedVersion`). A refused Publish ("Text is missing!") marks the inputs it names.
 * Kept off while the form holds unsaved changes: the action takes the saved bio.
 */
export const BioActionButtons = ({ record, dirty, onDone }: { record: Bio; dirty: boolean; onDone?: (action: BioAction, bio: Bio) => void }) => {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const { setError } = useFormContext();
  const translate = useTranslate();
  const [running, setRunning] = useState<BioAction | null>(null);
  const [confirming, setConfirming] = useState(false);
  const allowed = (Object.keys(ACTIONS) as BioAction[]).filter((action) => record.allowedActions?.includes(action));
  if (allowed.length === 0) return null;

  const run = async (action: BioAction) => {
    setConfirming(false);
    setRunning(action);
    try {
      const { data } = await dataProvider.action<Bio>(BIOS, record.id, action, { expectedVersion: record.version });
      notify(ACTIONS[action].done, { type: 'success' });
      onDone?.(action, data);
      refresh();
    } catch (error) {
      if (await logoutIfAccessDenied(error)) return;
      const e = error as { message?: string; status?: number; body?: { message?: string; errors?: Record<string, string> } };
      notify(e.body?.message || e.message || 'console.common.notices.actionFailed', { type: 'error' });
      for (const [field, message] of Object.entries(toFormErrors(e.body?.errors ?? {}))) setError(field, { type: 'server', message });
      if (e.status === 409) refresh();
    } finally {
      setRunning(null);
    }
  };

  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 1 }}>
      {allowed.map((action) => {
        const config = ACTIONS[action];
        const button = (
          <Button
            key={action}
            variant={config.variant}
            color={config.color}
            startIcon={running === action ? <CircularProgress size={16} color="inherit" /> : config.icon}
            disabled={dirty || running !== null}
            onClick={() => (action === 'Unpublish' ? setConfirming(true) : void run(action))}
            data-action={action}
          >
            {translate(`console.bios.actions.${action}`)}
          </Button>
        );
        return dirty ? (
          <Tooltip key={action} title={translate('console.bios.saveFirst')}>
            <span>{button}</span>
          </Tooltip>
        ) : (
          button
        );
      })}
      <Confirm
        isOpen={confirming}
        loading={running !== null}
        title="console.bios.unpublishTitle"
        content="console.bios.unpublishText"
        translateOptions={{ name: record.displayName }}
        confirm="console.bios.actions.Unpublish"
        confirmColor="warning"
        onConfirm={() => void run('Unpublish')}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
};
