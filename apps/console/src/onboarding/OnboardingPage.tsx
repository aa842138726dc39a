import { Alert, Box, Skeleton, Step, StepLabel, Stepper } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useTranslate, type Identifier } from 'react-admin';
import { dataProvider } from '../providers/dataProvider';
import { messageOf } from '../public/api';
import {
  onboardingPath,
  STEP_KEYS,
  viaDataProvider,
  type BusinessAnswers,
  type BusinessQuestion,
  type OnboardingOrganisation,
  type StepKey,
} from './api';
import { BusinessStep } from './BusinessStep';
import { InstallStep } from './InstallStep';
import { OnboardingFrame } from './OnboardingFrame';
import type { OnboardingSession } from './useOnboardingSession';
import { WebsiteStep } from './WebsiteStep';

interface Place {
  step: StepKey | null;
  websiteId: string | null;
}

/** The step and website in the address (`/onboarding?step=install&website=...`), so a reload stays put. */
const placeInAddress = (): Place => {
  const query = new URLSearchParams(window.location.search);
  const step = query.get('step');
  const websiteId = query.get('website') || null;
  return { step: STEP_KEYS.includes(step as StepKey) ? (step as StepKey) : websiteId ? 'install' : null, websiteId };
};

/** The questions (`GET /api/organisations/options`) and the organisation's answers so far. */
const useBusiness = (organisationId: Identifier) => {
  const [questions, setQuestions] = useState<BusinessQuestion[] | null>(null);
  const [business, setBusiness] = useState<BusinessAnswers | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all([
      viaDataProvider(() => dataProvider.options<{ businessQuestions?: BusinessQuestion[] }>('organisations')),
      viaDataProvider(() =>
        dataProvider.getOne<OnboardingOrganisation & { id: Identifier }>('organisations', { id: organisationId }),
      ),
    ])
      .then(([options, organisation]) => {
        if (!live) return;
        if (!options.ok || !options.body?.businessQuestions)
          throw new Error(messageOf(options, 'console.onboarding.errors.questions'));
        if (!organisation.ok || !organisation.body)
          throw new Error(messageOf(organisation, 'console.onboarding.errors.organisation'));
        setQuestions(options.body.businessQuestions);
        setBusiness(organisation.body.business ?? null);
      })
      .catch((caught: unknown) => {
        if (live) setError(caught instanceof Error ? caught.message : 'console.public.networkError');
      });
    return () => {
      live = false;
    };
  }, [organisationId]);
  return { questions, business, setBusiness, error };
};

const Steps = ({
  session,
}: {
  session: OnboardingSession & { organisation: NonNullable<OnboardingSession['organisation']> };
}) => {
  const organisation = session.organisation;
  const { questions, business, setBusiness, error } = useBusiness(organisation.id);
  const [place, setPlace] = useState<Place>(placeInAddress);
  const translate = useTranslate();

  // Back and forward in the browser move between the steps.
  useEffect(() => {
    const onPop = () => setPlace(placeInAddress());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const go = useCallback((step: StepKey, websiteId: Identifier | null = null) => {
    window.history.pushState(null, '', onboardingPath(step, step === 'install' ? websiteId : null));
    setPlace({ step, websiteId: websiteId == null ? null : String(websiteId) });
    window.scrollTo({ top: 0 });
  }, []);

  if (error) return <Alert severity="error">{translate(error)}</Alert>;
  if (!questions || business === undefined) {
    return (
      <Box aria-busy="true">
        <Skeleton height={48} />
        <Skeleton variant="rounded" height={240} />
      </Box>
    );
  }

  // Without a step in the address: the questions until they are answered, then the website.
  let step: StepKey = place.step ?? (business ? 'website' : 'business');
  if (step === 'install' && !place.websiteId) step = 'website';
  const active = STEP_KEYS.indexOf(step);

  return (
    <Box>
      <Stepper activeStep={active} alternativeLabel sx={{ mb: 3, mx: -1 }}>
        {STEP_KEYS.map((key, index) => (
          <Step key={key} completed={index < active || (key === 'business' && Boolean(business))}>
            <StepLabel>{translate(`console.onboarding.steps.${key}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {step === 'business' ? (
        <BusinessStep
          organisationId={organisation.id}
          organisationName={organisation.name}
          questions={questions}
          initial={business}
          onDone={(answers) => {
            setBusiness(answers);
            go('website');
          }}
        />
      ) : step === 'website' ? (
        <WebsiteStep
          organisationId={organisation.id}
          onDone={(websiteId) => go('install', websiteId)}
          onBack={() => go('business')}
        />
      ) : (
        <InstallStep key={place.websiteId} websiteId={place.websiteId!} onBack={() => go('website')} />
      )}
    </Box>
  );
};

/**
 * `/onboarding`: after sign-up, and again from the dashboard until it is done. The questions
 * about the business, the website, and the tracking script with its check.
 */
export const OnboardingPage = () => (
  <OnboardingFrame title="console.onboarding.title">{(session) => <Steps session={session} />}</OnboardingFrame>
);
