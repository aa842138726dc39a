import { Alert, Box, Button, CircularProgress, Link, Skeleton, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate, type Identifier } from 'react-admin';
import { goTo } from '../public/api';
import {
  installedPath,
  loadInstallation,
  notInstalledPath,
  rememberFailure,
  verifyInstallation,
  type Installation,
} from './api';
import { SkipLink, StepActions, StepHeading } from './OnboardingFrame';
import { SnippetBox } from './SnippetBox';
import { formatMoment } from '../common/dates';

const dateTime = (iso: string | null) => (iso ? formatMoment(iso) : '');

/** `GET /api/websites/{id}/installation` */
export const useInstallation = (websiteId: Identifier) => {
  const [installation, setInstallation] = useState<Installation | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    loadInstallation(websiteId)
      .then((loaded) => live && setInstallation(loaded))
      .catch(
        (caught: unknown) => live && setError(caught instanceof Error ? caught.message : 'console.public.networkError'),
      );
    return () => {
      live = false;
    };
  }, [websiteId]);
  return { installation, error };
};

/**
 * Runs the installation check: the success page when the script is found, the failure page
 * (with the reason kept for it) when not. Answers the error of a check that could not run.
 */
export const useVerification = (websiteId: Identifier) => {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const verify = async (onNotFound?: (reason: string | null) => void) => {
    setBusy(true);
    setError(null);
    try {
      const result = await verifyInstallation(websiteId);
      if (result.verified) {
        goTo(installedPath(websiteId));
        return;
      }
      rememberFailure(websiteId, result.reason);
      if (onNotFound) {
        onNotFound(result.reason);
        setBusy(false);
      } else goTo(notInstalledPath(websiteId));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'console.public.networkError');
      setBusy(false);
    }
  };
  return { verify, busy, error };
};

/** Step 3: the snippet to paste into the website's pages, and the check. */
export const InstallStep = ({ websiteId, onBack }: { websiteId: Identifier; onBack: () => void }) => {
  const { installation, error: loadError } = useInstallation(websiteId);
  const { verify, busy, error } = useVerification(websiteId);
  const translate = useTranslate();

  return (
    <Box>
      <StepHeading title="console.onboarding.steps.install" />
      {loadError ? <Alert severity="error">{translate(loadError)}</Alert> : null}
      {!installation && !loadError ? <Skeleton variant="rounded" height={96} /> : null}
      {installation ? (
        <>
          <Typography variant="body2" sx={{ mb: 1.5 }}>
            {translate('console.onboarding.install.pasteBefore')}
            <Box component="code" sx={{ fontFamily: 'monospace', bgcolor: 'grey.100', px: 0.5, borderRadius: 0.5 }}>
              &lt;head&gt;
            </Box>
            {translate('console.onboarding.install.pasteMiddle')}
            <Link href={installation.url} target="_blank" rel="noopener noreferrer">
              {installation.url}
            </Link>
            {translate('console.onboarding.install.pasteAfter')}
          </Typography>
          <SnippetBox snippet={installation.snippet} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('console.onboarding.install.tagManager', { url: installation.url })}
          </Typography>
          {installation.verified ? (
            <Alert severity="success" sx={{ mt: 2 }}>
              {translate('console.onboarding.install.found', {
                url: installation.checkedUrl ?? installation.url,
                when: installation.verifiedAt ? ` (${dateTime(installation.verifiedAt)})` : '',
              })}
            </Alert>
          ) : null}
        </>
      ) : null}
      {error ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {translate(error)}
        </Alert>
      ) : null}
      <StepActions onBack={onBack}>
        <SkipLink />
        <Button
          variant="contained"
          onClick={() => void verify()}
          disabled={busy || !installation}
          startIcon={busy ? <CircularProgress size={16} thickness={4} color="inherit" /> : undefined}
        >
          {translate(busy ? 'console.onboarding.install.checking' : 'console.onboarding.install.verify')}
        </Button>
      </StepActions>
    </Box>
  );
};
