import { Alert, Box, Button, CircularProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/**
 * The banner a session shows on every page while it is not the user's own ordinary session
 * (logged in as someone else, demo mode): what is going on, and one button to leave it.
 */
export const SessionBanner = ({
  severity,
  testId,
  action,
  busy,
  onAction,
  children,
}: {
  severity: 'info' | 'warning';
  testId: string;
  action: string;
  busy: boolean;
  onAction: () => void;
  children: ReactNode;
}) => {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 1 }}>
      <Alert
        severity={severity}
        variant="filled"
        role="status"
        data-testid={testId}
        sx={{ alignItems: 'center', py: 0 }}
        action={
          <Button
            color="inherit"
            size="small"
            variant="outlined"
            onClick={onAction}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined}
          >
            {translate(action)}
          </Button>
        }
      >
        {children}
      </Alert>
    </Box>
  );
};
