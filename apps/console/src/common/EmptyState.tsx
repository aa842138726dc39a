import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { CreateButton } from 'react-admin';

/** A list's empty page; `create={false}` for resources the console does not create. */
export const EmptyState = ({
  title,
  text,
  icon,
  create = true,
  createLabel,
}: {
  title: string;
  text?: string;
  icon?: ReactNode;
  create?: boolean;
  /** The create button's label (react-admin's "Create" by default). */
  createLabel?: string;
}) => (
  <Box sx={{ textAlign: 'center', mt: 8, mx: 'auto', maxWidth: 480, color: 'text.secondary' }}>
    {icon ? <Box sx={{ '& svg': { fontSize: 72, opacity: 0.4 } }}>{icon}</Box> : null}
    <Typography variant="h5" component="p" sx={{ mt: 1, color: 'text.primary' }}>
      {title}
    </Typography>
    {text ? (
      <Typography variant="body2" sx={{ mt: 1 }}>
        {text}
      </Typography>
    ) : null}
    {create ? (
      <Box sx={{ mt: 3 }}>
        <CreateButton variant="contained" label={createLabel} />
      </Box>
    ) : null}
  </Box>
);
