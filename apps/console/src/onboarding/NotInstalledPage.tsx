import ReplayIcon from '@mui/icons-material/Replay';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Alert, Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import type { Identifier } from 'react-admin';
import { onboardingPath, recallFailure, SCRIPT_NOT_INSTALLED, supportLink, websiteInAddress } from './api';
import { useInstallation, useVerification } from './InstallStep';
import { OnboardingFrame, SkipLink } from './OnboardingFrame';

const NotInstalled = ({ websiteId }: { websiteId: Identifier }) => {
  const { installation, error: loadError } = useInstallation(websiteId);
  const { verify, busy, error } = useVerification(websiteId);
  const [reason, setReason] = useState<string | null>(() => recallFailure(websiteId));
  const [checkedAgainAt, setCheckedAgainAt] = useState<Date | null>(null);
  const url = installation?.url ?? null;

  const tryAgain = () =>
    void verify((next) => {
      setReason(next);
      setCheckedAgainAt(new Date());
    });

  return (
    <Box>
      <Alert severity="error" data-testid="installation-failure">
        {reason ?? (url ? `The tracking script was not found on ${url}.` : 'The tracking script was not found on your website.')}
      </Alert>
      {checkedAgainAt ? (
        <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 1 }}>
          Checked again at {checkedAgainAt.toLocaleTimeString()}: still not found.
        </Typography>
      ) : null}
      {loadError ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {loadError}
        </Alert>
      ) : null}
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mt: 2 }}>
        What to check
      </Typography>
      <Box component="ul" sx={{ pl: 2.5, my: 1, '& li': { mb: 0.75 }, typography: 'body2' }}>
        <li>
          The snippet is in the <code>&lt;head&gt;</code> of the page at {url ?? 'your website'}, with this website&apos;s key.
        </li>
        <li>The change is published: the page is visible to visitors without logging in.</li>
        <li>A cache or CDN may still serve the old page: clear it, then try again.</li>
      </Box>
      {error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      ) : null}
      <Stack direction="row" sx={{ mt: 3, gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          variant="contained"
          onClick={tryAgain}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} thickness={4} color="inherit" /> : <ReplayIcon />}
        >
          {busy ? 'Checking…' : 'Try again'}
        </Button>
        <Button variant="outlined" href={supportLink(url, reason)} startIcon={<SupportAgentIcon />}>
          Get support
        </Button>
        <Box sx={{ flex: 1 }} />
        <SkipLink />
      </Stack>
      <Typography variant="body2" sx={{ mt: 2 }}>
        <Link href={onboardingPath('install', websiteId)} underline="hover">
          Back to the installation instructions
        </Link>
      </Typography>
    </Box>
  );
};

/** `/onboarding/not-installed?website=...`: the installation verification's failure page (the spec's text). */
export const NotInstalledPage = () => {
  const websiteId = websiteInAddress();
  useEffect(() => {
    if (!websiteId) window.location.replace(onboardingPath());
  }, [websiteId]);
  return (
    <OnboardingFrame title={SCRIPT_NOT_INSTALLED} icon={<WarningAmberIcon />} tone="warning">
      {() => (websiteId ? <NotInstalled websiteId={websiteId} /> : null)}
    </OnboardingFrame>
  );
};
