import PublishIcon from '@mui/icons-material/Publish';
import UnpublishedOutlinedIcon from '@mui/icons-material/UnpublishedOutlined';
import { Box, Button, CircularProgress, Tooltip } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { useWorkflowActions, type WorkflowActionConfig } from '../common/useWorkflowActions';
import { toFormErrors } from './errors';
import { BIOS, type Bio } from './types';

/** How the bio actions are drawn; which show, in which order and with which label is the API's (`GET /api/bios/options`). */
const ACTIONS: Record<string, WorkflowActionConfig<Bio>> = {
  Publish: { icon: <PublishIcon />, done: 'console.bios.notices.published', variant: 'contained', color: 'success' },
  Unpublish: {
    icon: <UnpublishedOutlinedIcon />,
    done: 'console.bios.notices.unpublished',
    variant: 'outlined',
    color: 'warning',
    confirm: (bio) => ({
      title: 'console.bios.unpublishTitle',
      content: 'console.bios.unpublishText',
      args: { name: bio.displayName },
    }),
  },
};

/**
 * The bio's workflow buttons (`useWorkflowActions`: Publish and Unpublish, as `allowedActions`
 * offers them). A refused Publish ("Text is missing!") marks the inputs it names. Kept off while
 * the form holds unsaved changes: the action takes the saved bio.
 */
export const BioActionButtons = ({
  record,
  dirty,
  onDone,
}: {
  record: Bio;
  dirty: boolean;
  onDone?: (action: string, bio: Bio) => void;
}) => {
  const { setError } = useFormContext();
  const translate = useTranslate();
  const { actions, running, busy, start, confirmDialog } = useWorkflowActions(BIOS, record, {
    configs: ACTIONS,
    onDone: (action, bio) => void onDone?.(action, bio),
    onRefused: ({ errors }) => {
      for (const [field, message] of Object.entries(toFormErrors(errors ?? {})))
        setError(field, { type: 'server', message });
    },
  });
  if (actions.length === 0) return null;

  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 1 }}>
      {actions.map(({ name, label, config }) => {
        const button = (
          <Button
            key={name}
            variant={config.variant ?? 'outlined'}
            color={config.color ?? 'primary'}
            startIcon={running === name ? <CircularProgress size={16} color="inherit" /> : config.icon}
            disabled={dirty || busy}
            onClick={() => start(name)}
            data-action={name}
          >
            {label}
          </Button>
        );
        return dirty ? (
          <Tooltip key={name} title={translate('console.bios.saveFirst')}>
            <span>{button}</span>
          </Tooltip>
        ) : (
          button
        );
      })}
      {confirmDialog}
    </Box>
  );
};
