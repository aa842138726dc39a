import CheckIcon from '@mui/icons-material/Check';
import { Alert, Box, Button, Skeleton, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useTranslate, type Identifier } from 'react-admin';
import { goTo } from '../public/api';
import { onboardingPath, websiteInAddress } from './api';
import { useInstallation } from './InstallStep';
import { OnboardingFrame, StepActions } from './OnboardingFrame';

const Installed = ({ websiteId }: { websiteId: Identifier }) => {
  const { installation, error } = useInstallation(websiteId);
  const translate = useTranslate();
  // Reached without a successful check (an old link): back to the instructions.
  useEffect(() => {
    if (installation && !installation.verified) window.location.replace(onboardingPath('install', websiteId));
  }, [installation, websiteId]);

  if (error) return <Alert severity="error">{translate(error)}</Alert>;
  if (!installation?.verified) return <Skeleton variant="rounded" height={160} />;
  const where = installation.checkedUrl ?? installation.url;
  return (
    <Box>
      <Alert severity="success" sx={{ mb: 2 }}>
        {translate('console.onboarding.installed.found', { url: where })}
      </Alert>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {translate('console.onboarding.installed.next')}
      </Typography>
      <Box component="ul" sx={{ pl: 2.5, my: 1, '& li': { mb: 0.75 }, typography: 'body2' }}>
        <li>{translate('console.onboarding.installed.visits', { url: installation.url })}</li>
        <li>{translate('console.onboarding.installed.workflow')}</li>
        <li>{translate('console.onboarding.installed.keep')}</li>
      </Box>
      <StepActions>
        <Button variant="contained" onClick={() => goTo('/')}>
          {translate('console.onboarding.goToConsole')}
        </Button>
      </StepActions>
    </Box>
  );
};

/** `/onboarding/installed?website=...`: the installation verification's success page. */
export const InstalledPage = () => {
  const websiteId = websiteInAddress();
  useEffect(() => {
    if (!websiteId) window.location.replace(onboardingPath());
  }, [websiteId]);
  return (
    <OnboardingFrame title="console.onboarding.installed.title" icon={<CheckIcon />} tone="success">
      {() => (websiteId ? <Installed websiteId={websiteId} /> : null)}
    </OnboardingFrame>
  );
};
