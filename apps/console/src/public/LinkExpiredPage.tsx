import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ResetLinkForm } from './ForgotPasswordPage';
import { BackToLogin, PublicLayout } from './PublicLayout';

/**
 * What the address says about the expired link: the API sends an unusable invitation link here
 * with `?link=invitation&days=7` (its own lifetime, from the identity context's constant); any
 * other visit is about a password-reset link.
 */
const invitationDays = (): number | null => {
  const query = new URLSearchParams(window.location.search);
  if (query.get('link') !== 'invitation') return null;
  const days = Number(query.get('days'));
  return Number.isInteger(days) && days > 0 && days <= 365 ? days : null;
};

/**
 * `/link-expired`: "Your link has expired" with that link's own validity. A reset link offers a
 * new one; an invitation link (which a reset cannot replace) asks for a new invitation.
 */
export const LinkExpiredPage = () => {
  const translate = useTranslate();
  const days = invitationDays();
  if (days !== null) {
    return (
      <PublicLayout title="console.public.expired.title">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-link="invitation">
          {translate('console.public.expired.invitation', { smart_count: days })}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('console.public.expired.invitationNext')}
        </Typography>
        <BackToLogin />
      </PublicLayout>
    );
  }
  return (
    <PublicLayout title="console.public.expired.title">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-link="reset">
        {translate('console.public.expired.intro')}
      </Typography>
      <ResetLinkForm submitLabel="console.public.expired.submit" autoFocus={false} />
      <BackToLogin />
    </PublicLayout>
  );
};
