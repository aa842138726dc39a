import { Alert, Button, CircularProgress, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { fieldErrorsOf, goTo, messageOf, postJson } from './api';
import { LinkExpiredPage } from './LinkExpiredPage';
import { checkPasswords, PasswordFields, type PasswordValues } from './PasswordFields';
import { PublicLayout } from './PublicLayout';

/**
 * `/reset-initial-password`: where an invitation's magic link lands, already signed in. The
 * invitee chooses their password, which also accepts the invitation, and enters the console.
 */
export const InitialPasswordPage = () => {
  const [values, setValues] = useState<PasswordValues>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [busy, setBusy] = useState(false);
  const translate = useTranslate();

  if (expired) return <LinkExpiredPage />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = checkPasswords(values);
    setErrors(problems);
    setError(null);
    if (problems.password || problems.confirm) return;
    setBusy(true);
    try {
      const answer = await postJson('/auth/user/initialPassword', { password: values.password }, 'PUT');
      if (answer.ok) {
        goTo('/');
      } else if (answer.status === 401) {
        // No session: the magic link was not used, or the session ended.
        setExpired(true);
      } else {
        const fields = fieldErrorsOf(answer);
        if (fields.password) setErrors({ password: fields.password });
        else setError(messageOf(answer, translate('console.public.initial.failed')));
      }
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : translate('console.public.networkError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicLayout title="console.public.initial.title">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('console.public.initial.intro')}
      </Typography>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <PasswordFields
          values={values}
          errors={errors}
          // The errors were about the old values.
          onChange={(next) => {
            setValues(next);
            setErrors({});
          }}
          passwordLabel="console.public.password"
        />
        {error && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {translate(error)}
          </Alert>
        )}
        <Button type="submit" variant="contained" fullWidth disabled={busy}>
          {busy ? (
            <CircularProgress size={19} thickness={3} color="inherit" />
          ) : (
            translate('console.public.initial.submit')
          )}
        </Button>
      </form>
    </PublicLayout>
  );
};
