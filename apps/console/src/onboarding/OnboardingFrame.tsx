import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import { Alert, Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { exitDemo } from '../providers/authProvider';
import { goTo } from '../public/api';
import { PublicLayout } from '../public/PublicLayout';
import { useOnboardingSession, type OnboardingSession } from './useOnboardingSession';

/** The onboarding pages' card is wider than the login page's. */
export const ONBOARDING_WIDTH = 680;

/** "Skip for now": to the console. */
export const SkipLink = () => {
  const translate = useTranslate();
  return (
    <Link href="/" underline="hover" variant="body2">
      {translate('console.onboarding.skip')}
    </Link>
  );
};

/** A step's bottom row: Back on the left, the rest (Skip for now, the main button) on the right. */
export const StepActions = ({ onBack, children }: { onBack?: () => void; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Stack direction="row" sx={{ mt: 3, alignItems: 'center', gap: 2 }}>
      {onBack ? (
        <Button onClick={onBack} color="inherit">
          {translate('console.onboarding.back')}
        </Button>
      ) : null}
      <Box sx={{ flex: 1 }} />
      {children}
    </Stack>
  );
};

/** While the session explores the demo organisation, nothing of its own can be set up. */
const DemoNotice = ({ name }: { name: string }) => {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const translate = useTranslate();
  const exit = async () => {
    setBusy(true);
    try {
      await exitDemo(() => window.location.reload());
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : translate('console.onboarding.exitDemoFailed'));
      setBusy(false);
    }
  };
  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('console.onboarding.demoNotice', { name })}
      </Alert>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      <StepActions>
        <Link href="/" underline="hover" variant="body2">
          {translate('console.onboarding.backToConsole')}
        </Link>
        <Button variant="contained" onClick={() => void exit()} disabled={busy}>
          {translate('console.onboarding.exitDemo')}
        </Button>
      </StepActions>
    </>
  );
};

/** Members who do not manage the organisation cannot set it up. */
const NotAllowedNotice = ({ session }: { session: OnboardingSession }) => {
  const translate = useTranslate();
  return (
    <>
      <Alert severity="info">
        {session.organisation
          ? translate('console.onboarding.notManager', { name: session.organisation.name })
          : translate('console.onboarding.noOrganisation')}
      </Alert>
      <StepActions>
        <Button variant="contained" onClick={() => goTo('/')}>
          {translate('console.onboarding.goToConsole')}
        </Button>
      </StepActions>
    </>
  );
};

/**
 * The frame of every onboarding page: the public pages' card, the signed-in user (to the login
 * page without a session), and the cases where there is nothing to set up.
 */
export const OnboardingFrame = ({
  title,
  icon = <RocketLaunchIcon />,
  tone = 'primary',
  children,
}: {
  title: string;
  icon?: ReactNode;
  tone?: 'success' | 'warning' | 'error' | 'primary';
  children: (
    session: OnboardingSession & { organisation: NonNullable<OnboardingSession['organisation']> },
  ) => ReactNode;
}) => {
  const { session, error } = useOnboardingSession();
  const translate = useTranslate();
  let content: ReactNode;
  if (error) content = <Alert severity="error">{translate(error)}</Alert>;
  else if (!session) {
    content = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }} aria-busy="true">
        <CircularProgress size={32} aria-label={translate('console.onboarding.loading')} />
      </Box>
    );
  } else if (session.user.demo) content = <DemoNotice name={session.user.demo.name} />;
  else if (!session.canManage || !session.organisation) content = <NotAllowedNotice session={session} />;
  else content = children({ ...session, organisation: session.organisation });
  return (
    <PublicLayout title={title} width={ONBOARDING_WIDTH} icon={icon} tone={tone}>
      {content}
    </PublicLayout>
  );
};

/** A step's heading and its one-line explanation. */
export const StepHeading = ({ title, children }: { title: string; children?: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {translate(title)}
      </Typography>
      {children ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {children}
        </Typography>
      ) : null}
    </Box>
  );
};
