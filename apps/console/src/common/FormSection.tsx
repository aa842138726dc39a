import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A form's section heading, from a message key. */
export const FormSection = ({ children }: { children: string }) => {
  const translate = useTranslate();
  return (
    <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 2, mb: 0.5 }}>
      {translate(children)}
    </Typography>
  );
};
