import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useDemoMode } from './useDemoMode';

/** Shown on every page while the session explores the demo organisation (read-only). */
export const DemoBanner = () => {
  const { demo, busy, exit } = useDemoMode();
  if (!demo) return null;
  return (
    <Box sx={{ mt: 1 }}>
      <Alert
        severity="info"
        variant="filled"
        role="status"
        data-testid="demo-banner"
        sx={{ alignItems: 'center', py: 0 }}
        action={
          <Button
            color="inherit"
            size="small"
            variant="outlined"
            onClick={() => void exit()}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined}
          >
            Exit demo mode
          </Button>
        }
      >
        You are exploring the demo organisation {demo.name}. Changes are disabled.
      </Alert>
    </Box>
  );
};
