import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { CreateButton, useResourceContext, useTranslate } from 'react-admin';
import { useCanCreate } from './CreateIfAllowed';

/**
 * A list's empty page (`title` and `text` are message keys); `create={false}` for resources the
 * console does not create. The create button shows only when the API would accept it (`useCanCreate`).
 */
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
}) => {
  const translate = useTranslate();
  const mayCreate = useCanCreate(useResourceContext());
  return (
    <Box sx={{ textAlign: 'center', mt: 8, mx: 'auto', maxWidth: 480, color: 'text.secondary' }}>
      {icon ? <Box sx={{ '& svg': { fontSize: 72, opacity: 0.4 } }}>{icon}</Box> : null}
      <Typography variant="h5" component="p" sx={{ mt: 1, color: 'text.primary' }}>
        {translate(title)}
      </Typography>
      {text ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {translate(text)}
        </Typography>
      ) : null}
      {create && mayCreate ? (
        <Box sx={{ mt: 3 }}>
          <CreateButton variant="contained" label={createLabel} />
        </Box>
      ) : null}
    </Box>
  );
};
