import { Alert, Box } from '@mui/material';
import type { ReactNode } from 'react';
import { Loading, Title, usePermissions, useTranslate } from 'react-admin';
import type { ConsolePermissions } from '../types';

/** Platform administrators only: others get an explanation instead of a 403 from the API. */
export const AdminOnly = ({ title, text, children }: { title: string; text: string; children: ReactNode }) => {
  const { permissions, isPending } = usePermissions<ConsolePermissions | null>();
  const translate = useTranslate();
  if (isPending) return <Loading />;
  if (!permissions?.platformAdmin) {
    return (
      <Box sx={{ mt: 2 }}>
        <Title title={title} />
        <Alert severity="warning">{translate(text)}</Alert>
      </Box>
    );
  }
  return <>{children}</>;
};
