import ReplayIcon from '@mui/icons-material/Replay';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Alert, Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate, type Identifier } from 'react-admin';
import { onboardingPath, recallFailure, SCRIPT_NOT_INSTALLED, supportLink, websiteInAddress } from './api';
import { useInstallation, useVerification } from './InstallStep';
import { OnboardingFrame, SkipLink } from './OnboardingFrame';

const NotInstalled = ({ websiteId }: { websiteId: Identifier }) => {
  const { installation, error: loadError } = useInstallation(websiteId);
  const { verify, busy, error } = useVerification(websiteId);
  const [reason, setReason] = useState<string | null>(() => recallFailure(websiteId));
  const [checkedAgainAt, setCheckedAgainAt] = useState<Date | null>(null);
  const url = installation?.url ?? null;
  const translate = useTranslate();

  const tryAgain = () =>
    void verify((next) => {
      setReason(next);
      setCheckedAgainAt(new Date());
    });

  return (
    <Box>
      <Alert severity="error" data-testid="installation-failure">
        {reason ??
          (url
            ? translate('console.onboarding.notInstalled.notFoundOn', { url })
            : translate('console.onboarding.notInstalled.notFound'))}
      </Alert>
      {checkedAgainAt ? (
        <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 1 }}>
          {translate('console.onboarding.notInstalled.checkedAgain', { time: checkedAgainAt.toLocaleTimeString() })}
        </Typography>
      ) : null}
      {loadError ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {translate(loadError)}
        </Alert>
      ) : null}
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mt: 2 }}>
        {translate('console.onboarding.notInstalled.whatToCheck')}
      </Typography>
      <Box component="ul" sx={{ pl: 2.5, my: 1, '& li': { mb: 0.75 }, typography: 'body2' }}>
        <li>
          {translate('console.onboarding.notInstalled.headBefore')}
          <code>&lt;head&gt;</code>
          {translate('console.onboarding.notInstalled.headAfter', {
            url: url ?? translate('console.onboarding.notInstalled.yourWebsite'),
          })}
        </li>
        <li>{translate('console.onboarding.notInstalled.published')}</li>
        <li>{translate('console.onboarding.notInstalled.cache')}</li>
      </Box>
      {error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {translate(error)}
        </Alert>
      ) : null}
      <Stack direction="row" sx={{ mt: 3, gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          variant="contained"
          onClick={tryAgain}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} thickness={4} color="inherit" /> : <ReplayIcon />}
        >
          {translate(busy ? 'console.onboarding.install.checking' : 'console.onboarding.notInstalled.tryAgain')}
        </Button>
        <Button variant="outlined" href={supportLink(url, reason, translate)} startIcon={<SupportAgentIcon />}>
          {translate('console.onboarding.notInstalled.support')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <SkipLink />
      </Stack>
      <Typography variant="body2" sx={{ mt: 2 }}>
        <Link href={onboardingPath('install', websiteId)} underline="hover">
          {translate('console.onboarding.notInstalled.backToInstructions')}
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
