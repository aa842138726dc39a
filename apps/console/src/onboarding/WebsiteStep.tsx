import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Divider,
  Paper,
  Skeleton,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslate, type Identifier } from 'react-admin';
import { dataProvider } from '../providers/dataProvider';
import { fieldErrorsOf, messageOf } from '../public/api';
import { viaDataProvider, type OnboardingWebsite } from './api';
import { SkipLink, StepActions, StepHeading } from './OnboardingFrame';

type Field = 'name' | 'url';

/** The organisation's active websites (`GET /api/websites`, a JSON array). */
const useWebsites = (organisationId: Identifier) => {
  const [websites, setWebsites] = useState<OnboardingWebsite[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    viaDataProvider(() =>
      dataProvider.getList<OnboardingWebsite>('websites', {
        // A deactivated website is not offered (its tracking is off); only active ones.
        filter: { organisationId, status: 'active' },
        sort: { field: 'name', order: 'ASC' },
        pagination: { page: 1, perPage: 100 },
      }),
    )
      .then((answer) => {
        if (!live) return;
        if (!answer.ok || !Array.isArray(answer.body))
          throw new Error(messageOf(answer, 'console.onboarding.errors.websites'));
        setWebsites(answer.body.filter((w) => String(w.organisationId) === String(organisationId)));
      })
      .catch((caught: unknown) => {
        if (live) setError(caught instanceof Error ? caught.message : 'console.public.networkError');
      });
    return () => {
      live = false;
    };
  }, [organisationId]);
  return { websites, error };
};

/** An existing website, to continue with instead of adding one. */
const ExistingWebsite = ({ website, onChoose }: { website: OnboardingWebsite; onChoose: () => void }) => {
  const translate = useTranslate();
  return (
    <Paper
      variant="outlined"
      component="li"
      aria-label={website.name}
      sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 1.25, listStyle: 'none' }}
    >
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
          {website.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {website.url}
        </Typography>
      </Box>
      {website.installation?.verified ? (
        <Chip
          size="small"
          color="success"
          variant="outlined"
          icon={<CheckCircleIcon />}
          label={translate('console.onboarding.website.verified')}
        />
      ) : null}
      <Button
        variant="outlined"
        size="small"
        onClick={onChoose}
        aria-label={translate('console.onboarding.website.continueWith', { name: website.name })}
      >
        {translate('console.onboarding.website.continueWithThis')}
      </Button>
    </Paper>
  );
};

/** Step 2: the website to track: one of the organisation's, or a new one (`POST /api/websites`). */
export const WebsiteStep = ({
  organisationId,
  onDone,
  onBack,
}: {
  organisationId: Identifier;
  onDone: (websiteId: Identifier) => void;
  onBack: () => void;
}) => {
  const { websites, error: loadError } = useWebsites(organisationId);
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const translate = useTranslate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setErrors({});
    try {
      const answer = await viaDataProvider(() =>
        dataProvider.create<OnboardingWebsite>('websites', { data: { name: name.trim(), url: url.trim() } }),
      );
      if (answer.ok && answer.body?.id != null) {
        onDone(answer.body.id);
        return;
      }
      const fields = fieldErrorsOf(answer);
      const known: Partial<Record<Field, string>> = {};
      for (const field of ['name', 'url'] as const) if (fields[field]) known[field] = fields[field];
      // The domain belongs to another website: said under the URL.
      if (!known.url && fields.domain) known.url = fields.domain;
      setErrors(known);
      if (!Object.keys(known).length) setError(messageOf(answer, translate('console.onboarding.errors.website')));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'console.public.networkError');
    }
    setBusy(false);
  };

  const hasWebsites = Boolean(websites?.length);

  return (
    <Box>
      <StepHeading title="console.onboarding.steps.website">
        {translate(
          hasWebsites ? 'console.onboarding.website.withWebsites' : 'console.onboarding.website.withoutWebsites',
        )}
      </StepHeading>
      {loadError ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate(loadError)}
        </Alert>
      ) : null}
      {websites === null && !loadError ? <Skeleton variant="rounded" height={180} aria-busy="true" /> : null}
      {hasWebsites ? (
        <>
          <Box
            component="ul"
            aria-label={translate('console.onboarding.website.yours')}
            sx={{ p: 0, m: 0, display: 'grid', gap: 1 }}
          >
            {websites!.map((website) => (
              <ExistingWebsite key={String(website.id)} website={website} onChoose={() => onDone(website.id)} />
            ))}
          </Box>
          <Divider sx={{ my: 2.5, typography: 'body2', color: 'text.secondary' }}>
            {translate('console.onboarding.website.orAdd')}
          </Divider>
        </>
      ) : null}
      {websites === null && !loadError ? null : (
        <form
          onSubmit={(event) => void submit(event)}
          noValidate
          aria-label={translate('console.onboarding.website.add')}
        >
          <TextField
            label={translate('console.onboarding.website.name')}
            placeholder={translate('console.onboarding.website.namePlaceholder')}
            fullWidth
            margin="dense"
            autoFocus={!hasWebsites}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(errors.name)}
            helperText={errors.name ?? ' '}
          />
          <TextField
            label={translate('console.onboarding.website.url')}
            type="url"
            placeholder="https://www.example.com"
            fullWidth
            margin="dense"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            error={Boolean(errors.url)}
            helperText={errors.url ?? translate('console.onboarding.website.urlHelp')}
          />
          {error ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {translate(error)}
            </Alert>
          ) : null}
          <StepActions onBack={onBack}>
            <SkipLink />
            <Button type="submit" variant="contained" disabled={busy} sx={{ minWidth: 140 }}>
              {busy ? (
                <CircularProgress
                  size={19}
                  thickness={3}
                  color="inherit"
                  aria-label={translate('console.onboarding.saving')}
                />
              ) : (
                translate('console.onboarding.website.addButton')
              )}
            </Button>
          </StepActions>
        </form>
      )}
    </Box>
  );
};
