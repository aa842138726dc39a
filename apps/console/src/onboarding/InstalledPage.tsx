import CheckIcon from '@mui/icons-material/Check';
import { Alert, Box, Button, Skeleton, Typography } from '@mui/material';
import { useEffect } from 'react';
import type { Identifier } from 'react-admin';
import { goTo } from '../public/api';
import { onboardingPath, websiteInAddress } from './api';
import { useInstallation } from './InstallStep';
import { OnboardingFrame, StepActions } from './OnboardingFrame';

const Installed = ({ websiteId }: { websiteId: Identifier }) => {
  const { installation, error } = useInstallation(websiteId);
  // Reached without a successful check (an old link): back to the instructions.
  useEffect(() => {
    if (installation && !installation.verified) window.location.replace(onboardingPath('install', websiteId));
  }, [installation, websiteId]);

  if (error) return <Alert severity="error">{error}</Alert>;
  if (!installation?.verified) return <Skeleton variant="rounded" height={160} />;
  const where = installation.checkedUrl ?? installation.url;
  return (
    <Box>
      <Alert severity="success" sx={{ mb: 2 }}>
        We found the tracking script on {where}.
      </Alert>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        What happens next
      </Typography>
      <Box component="ul" sx={{ pl: 2.5, my: 1, '& li': { mb: 0.75 }, typography: 'body2' }}>
        <li>Visits to {installation.url} are sent to the platform from now on; the first ones arrive as soon as someone opens a page.</li>
        <li>In the console, set up your websites&apos; content workflow and invite your team from Members.</li>
        <li>Keep the snippet on every page: if it is removed, the platform stops receiving those visits.</li>
      </Box>
      <StepActions>
        <Button variant="contained" onClick={() => goTo('/')}>
          Go to the console
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
    <OnboardingFrame title="The script is installed" icon={<CheckIcon />} tone="success">
      {() => (websiteId ? <Installed websiteId={websiteId} /> : null)}
    </OnboardingFrame>
  );
};
