import { Alert, Button, CircularProgress, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { fieldErrorsOf, messageOf, postJson } from './api';
import { BackToLogin, PublicLayout } from './PublicLayout';

/** An email field that asks `POST /api/auth/password_reset/send`; shows the API's answer. */
export const ResetLinkForm = ({ submitLabel, autoFocus = true }: { submitLabel: string; autoFocus?: boolean }) => {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const translate = useTranslate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setError(translate('console.public.forgot.emailMissing'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await postJson('/auth/password_reset/send', { email: email.trim() });
      if (answer.ok) setSent(messageOf(answer, translate('console.public.forgot.sent')));
      else setError(fieldErrorsOf(answer).email ?? messageOf(answer, translate('console.public.forgot.failed')));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : translate('console.public.networkError'));
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <Alert severity="success" role="status">
        {sent}
      </Alert>
    );
  }
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={translate('console.public.email')}
        type="email"
        autoComplete="email"
        autoFocus={autoFocus}
        fullWidth
        margin="dense"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={Boolean(error)}
        helperText={error ? translate(error) : ' '}
      />
      <Button type="submit" variant="contained" fullWidth disabled={busy} sx={{ mt: 1 }}>
        {busy ? <CircularProgress size={19} thickness={3} color="inherit" /> : translate(submitLabel)}
      </Button>
    </form>
  );
};

export const ForgotPasswordPage = () => {
  const translate = useTranslate();
  return (
    <PublicLayout title="console.public.forgot.title">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('console.public.forgot.intro')}
      </Typography>
      <ResetLinkForm submitLabel="console.public.forgot.submit" />
      <BackToLogin />
    </PublicLayout>
  );
};
