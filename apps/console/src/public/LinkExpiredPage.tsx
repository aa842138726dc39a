import { Typography } from '@mui/material';
import { ResetLinkForm } from './ForgotPasswordPage';
import { BackToLogin, PublicLayout } from './PublicLayout';

export const LinkExpiredPage = () => (
  <PublicLayout title="Your link has expired">
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
      Links to reset a password work once, for an hour. Enter your email address to get a new one.
    </Typography>
    <ResetLinkForm submitLabel="Send a new link" autoFocus={false} />
    <BackToLogin />
  </PublicLayout>
);
