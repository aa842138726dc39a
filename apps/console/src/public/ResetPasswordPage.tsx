import { Alert, Button, CircularProgress, Link, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
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
          message: messageOf(answer, 'Your password has been changed. Please log in with it.'),
          // The API answers `/login`, a route of the console's hash router.
          redirect: !redirect || redirect === '/login' ? '/#/login' : redirect.startsWith('/') ? redirect : '/#/login',
        });
      } else if (answer.status === 410 || answer.status === 404) {
        goTo(LINK_EXPIRED_PATH);
      } else {
        const fields = fieldErrorsOf(answer);
        if (fields.password) setErrors({ password: fields.password });
        else setError(messageOf(answer, 'Error: the password could not be changed'));
      }
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Network error: please try again');
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <PublicLayout title="Password changed">
        <Alert severity="success" role="status">
          {done.message}
        </Alert>
        <Button component={Link} href={done.redirect} variant="contained" fullWidth sx={{ mt: 2 }}>
          Log in
        </Button>
      </PublicLayout>
    );
  }

  return (
    <PublicLayout title="Choose a new password">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Enter a new password for your account.
      </Typography>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <PasswordFields values={values} errors={errors} onChange={setValues} passwordLabel="New password" />
        {error && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {error}
          </Alert>
        )}
        <Button type="submit" variant="contained" fullWidth disabled={busy}>
          {busy ? <CircularProgress size={19} thickness={3} color="inherit" /> : 'Change password'}
        </Button>
      </form>
      <BackToLogin />
    </PublicLayout>
  );
};
