import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ResetLinkForm } from './ForgotPasswordPage';
import { BackToLogin, PublicLayout } from './PublicLayout';

export const LinkExpiredPage = () => {
  const translate = useTranslate();
  return (
    <PublicLayout title="console.public.expired.title">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('console.public.expired.intro')}
      </Typography>
      <ResetLinkForm submitLabel="console.public.expired.submit" autoFocus={false} />
      <BackToLogin />
    </PublicLayout>
  );
};
