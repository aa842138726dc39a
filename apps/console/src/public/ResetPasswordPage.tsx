import { Alert, Button, CircularProgress, Link, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { fieldErrorsOf, goTo, messageOf, postJson } from './api';
import { LinkExpiredPage } from './LinkExpiredPage';
import { checkPasswords, PasswordFields, type PasswordValues } from './PasswordFields';
import { BackToLogin, PublicLayout } from './PublicLayout';

export const LINK_EXPIRED_PATH = '/link-expired';

/** `/reset-password?code=…` (the link of the reset mail): a new password for the account. */
export const ResetPasswordPage = () => {
  const code = new URLSearchParams(window.location.search).get('code')?.trim() ?? '';
  const [values, setValues] = useState<PasswordValues>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ message: string; redirect: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const translate = useTranslate();

  // A link without its code cannot work: offer a new one.
  if (!code) return <LinkExpiredPage />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = checkPasswords(values);
    setErrors(problems);
    setError(null);
    if (problems.password || problems.confirm) return;
    setBusy(true);
    try {
      const answer = await postJson<{ message?: string; redirect?: string }>(
        `/auth/password_reset/confirm/${encodeURIComponent(code)}`,
        { password: values.password },
      );
      if (answer.ok) {
        const redirect = answer.body?.redirect;
        setDone({
          message: messageOf(answer, translate('console.public.reset.done')),
          // The API answers `/login`, a route of the console's hash router.
          redirect: !redirect || redirect === '/login' ? '/#/login' : redirect.startsWith('/') ? redirect : '/#/login',
        });
      } else if (answer.status === 410 || answer.status === 404) {
        goTo(LINK_EXPIRED_PATH);
      } else {
        const fields = fieldErrorsOf(answer);
        if (fields.password) setErrors({ password: fields.password });
        else setError(messageOf(answer, translate('console.public.reset.failed')));
      }
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : translate('console.public.networkError'));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <PublicLayout title="console.public.reset.doneTitle">
        <Alert severity="success" role="status">
          {done.message}
        </Alert>
        <Button component={Link} href={done.redirect} variant="contained" fullWidth sx={{ mt: 2 }}>
          {translate('console.public.logIn')}
        </Button>
      </PublicLayout>
    );
  }

  return (
    <PublicLayout title="console.public.reset.title">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('console.public.reset.intro')}
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
          passwordLabel="console.public.newPassword"
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
            translate('console.public.reset.submit')
          )}
        </Button>
      </form>
      <BackToLogin />
    </PublicLayout>
  );
};
