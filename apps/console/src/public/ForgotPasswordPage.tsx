import { Alert, Button, CircularProgress, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { fieldErrorsOf, messageOf, postJson } from './api';
import { BackToLogin, PublicLayout } from './PublicLayout';

/** An email field that asks `POST /api/auth/password_reset/send`; shows the API's answer. */
export const ResetLinkForm = ({ submitLabel, autoFocus = true }: { submitLabel: string; autoFocus?: boolean }) => {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setError('Please enter your email address.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await postJson('/auth/password_reset/send', { email: email.trim() });
      if (answer.ok) setSent(messageOf(answer, 'If an account exists for this email, we have sent a link to reset its password.'));
      else setError(fieldErrorsOf(answer).email ?? messageOf(answer, 'Error: the link could not be sent'));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Network error: please try again');
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
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus={autoFocus}
        fullWidth
        margin="dense"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? ' '}
      />
      <Button type="submit" variant="contained" fullWidth disabled={busy} sx={{ mt: 1 }}>
        {busy ? <CircularProgress size={19} thickness={3} color="inherit" /> : submitLabel}
      </Button>
    </form>
  );
};

export const ForgotPasswordPage = () => (
  <PublicLayout title="Forgot password">
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
      Enter the email address of your account and we will send you a link to choose a new password.
    </Typography>
    <ResetLinkForm submitLabel="Send reset link" />
    <BackToLogin />
  </PublicLayout>
);
