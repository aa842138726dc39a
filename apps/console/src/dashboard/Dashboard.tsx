import BusinessIcon from '@mui/icons-material/Business';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LanguageIcon from '@mui/icons-material/Language';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import SlideshowIcon from '@mui/icons-material/Slideshow';
import {
  Box,
  Button,
  Card,
  CardActionArea,
  CardActions,
  CardContent,
  CircularProgress,
  Skeleton,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { LinkBase, Title, useGetIdentity, useGetList, useGetOne, useTranslate, type Identifier } from 'react-admin';
import { useDemoMode } from '../layout/useDemoMode';
import { onboardingPath, type OnboardingOrganisation, type OnboardingWebsite } from '../onboarding/api';
import { usePostDashboard } from '../posts/api';
import { Pipeline, RecentActivity, TrackingStatus, YourQueues, YourWork } from './WorkPanels';

const CountCard = ({ resource, label, icon }: { resource: string; label: string; icon: ReactNode }) => {
  const { total, isPending, error } = useGetList(resource, {
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'id', order: 'ASC' },
  });
  const translate = useTranslate();
  return (
    <Card sx={{ flex: '1 1 220px', maxWidth: 320 }}>
      <CardActionArea component={LinkBase} to={`/${resource}`}>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Box sx={{ color: 'primary.main', '& svg': { fontSize: 40 } }}>{icon}</Box>
          <Box>
            <Typography variant="body2" color="text.secondary">
              {translate(label)}
            </Typography>
            <Typography
              variant="h4"
              component="p"
              aria-label={translate('console.dashboard.count', { label: translate(label) })}
            >
              {isPending ? <Skeleton width={40} /> : error ? '—' : (total ?? 0)}
            </Typography>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
};

const ChecklistItem = ({ done, children }: { done: boolean; children: ReactNode }) => (
  <Box
    component="li"
    data-done={done}
    sx={{ display: 'flex', alignItems: 'center', gap: 1, color: done ? 'success.dark' : 'text.primary' }}
  >
    {done ? (
      <CheckCircleIcon fontSize="small" />
    ) : (
      <RadioButtonUncheckedIcon fontSize="small" sx={{ color: 'text.disabled' }} />
    )}
    <Typography variant="body2" component="span">
      {children}
    </Typography>
  </Box>
);

/**
 * Until the organisation the user manages has answered the business questions and verified
 * the tracking script on a website: back to onboarding (a real path, outside the hash router).
 * For users without websites: the demo.
 */
const GetStarted = () => {
  const { identity } = useGetIdentity();
  const { demo, canEnter, busy, enter } = useDemoMode();
  const translate = useTranslate();
  const memberships = (identity?.organisations ?? []) as { id: Identifier; name: string; role: string }[];
  const managed = demo ? undefined : memberships.find((o) => o.role === 'owner' || o.role === 'admin');
  const { data: organisation } = useGetOne<OnboardingOrganisation>(
    'organisations',
    { id: managed?.id ?? '' },
    { enabled: Boolean(managed) },
  );
  const { data: websites } = useGetList<OnboardingWebsite>(
    'websites',
    {
      filter: { organisationId: managed?.id },
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'name', order: 'ASC' },
    },
    { enabled: Boolean(managed) },
  );
  const offerDemo = canEnter && ((identity?.websites as unknown[] | undefined) ?? []).length === 0;

  const answered = Boolean(organisation?.business);
  const hasWebsite = Boolean(websites?.length);
  const verified = Boolean(websites?.some((w) => w.installation?.verified));
  const onboardingDue = Boolean(managed && organisation && websites && (!answered || !verified));
  if (!onboardingDue && !offerDemo) return null;

  // Straight to the step that is missing.
  const unverified = websites?.filter((w) => !w.installation?.verified) ?? [];
  const target = !answered
    ? onboardingPath()
    : unverified.length === 1
      ? onboardingPath('install', unverified[0]!.id)
      : onboardingPath('website');

  return (
    <Card data-testid="get-started">
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ color: 'primary.main', '& svg': { fontSize: 40 }, pt: 0.5 }}>
          {onboardingDue ? <RocketLaunchIcon /> : <SlideshowIcon />}
        </Box>
        <Box sx={{ flex: 1 }}>
          <Typography variant="h6" component="h2">
            {onboardingDue
              ? translate(answered ? 'console.dashboard.setUpTrackingFor' : 'console.dashboard.finishSettingUp', {
                  name: managed!.name,
                })
              : translate('console.dashboard.exploreDemo')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {translate(
              onboardingDue
                ? answered
                  ? 'console.dashboard.notVerified'
                  : 'console.dashboard.tellUs'
                : 'console.dashboard.demoText',
            )}
          </Typography>
          {onboardingDue ? (
            <Box
              component="ul"
              aria-label={translate('console.dashboard.steps')}
              sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5, display: 'grid', gap: 0.5 }}
            >
              <ChecklistItem done={answered}>{translate('console.dashboard.stepBusiness')}</ChecklistItem>
              <ChecklistItem done={hasWebsite}>{translate('console.dashboard.stepWebsite')}</ChecklistItem>
              <ChecklistItem done={verified}>{translate('console.dashboard.stepInstall')}</ChecklistItem>
            </Box>
          ) : null}
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, gap: 1, justifyContent: 'flex-end' }}>
        {offerDemo ? (
          <Button
            variant={onboardingDue ? 'text' : 'contained'}
            onClick={() => void enter()}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={14} color="inherit" /> : <SlideshowIcon />}
          >
            {translate('console.dashboard.tryDemo')}
          </Button>
        ) : null}
        {onboardingDue ? (
          <Button variant="contained" href={target}>
            {translate(answered ? 'console.dashboard.setUpTracking' : 'console.dashboard.finishOnboarding')}
          </Button>
        ) : null}
      </CardActions>
    </Card>
  );
};

/**
 * What this person should do next (issue 12): a writer's desk (posts by stage, returns with notes,
 * due dates); an editor's or checker's queues; for owners and admins the pipeline, recent activity
 * and tracking. The API decides which parts a person has (`GET /api/posts/dashboard`).
 */
const WorkOverview = () => {
  const { data, isPending, error } = usePostDashboard();
  if (isPending) {
    return (
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Skeleton variant="rounded" height={180} />
        <Skeleton variant="rounded" height={180} />
      </Box>
    );
  }
  // No CMS for this organisation (Starter plans) or a refused read: the dashboard keeps its other parts.
  if (error || !data) return null;
  const writer = data.queues.some((q) => q.status === 'Writer');
  const manager = data.pipeline !== null;
  const hasWork = data.mine.stages.length > 0 || data.mine.returned.length > 0 || data.mine.due.length > 0;
  // The writers' queue is a writer's own desk (Your work); the other queues are listed.
  const queues = data.queues.filter((q) => q.status !== 'Writer');
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
      {writer || hasWork ? <YourWork mine={data.mine} /> : null}
      {queues.length ? <YourQueues queues={queues} /> : null}
      {manager ? <Pipeline pipeline={data.pipeline!} /> : null}
      {manager ? <RecentActivity /> : null}
      {manager ? <TrackingStatus /> : null}
    </Box>
  );
};

export const Dashboard = () => {
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  const { demo } = useDemoMode();
  // Those who manage organisations and websites (and anyone looking at the demo) see how many they have.
  const manages =
    demo ||
    Boolean((identity as { platformAdmin?: boolean } | undefined)?.platformAdmin) ||
    ((identity?.organisations ?? []) as { role?: string }[]).some((o) => o.role === 'owner' || o.role === 'admin');
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
      <Title title="console.dashboard.title" />
      <Card>
        <CardContent>
          <Typography variant="h5" component="h2">
            {identity?.fullName
              ? translate('console.dashboard.welcomeName', { name: identity.fullName })
              : translate('console.dashboard.welcome')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {translate('console.dashboard.intro')}
          </Typography>
        </CardContent>
      </Card>
      <GetStarted />
      <WorkOverview />
      {manages ? (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <CountCard resource="organisations" label="console.dashboard.organisations" icon={<BusinessIcon />} />
          <CountCard resource="websites" label="console.dashboard.websites" icon={<LanguageIcon />} />
        </Box>
      ) : null}
    </Box>
  );
};
