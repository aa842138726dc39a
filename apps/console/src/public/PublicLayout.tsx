import LockIcon from '@mui/icons-material/Lock';
import {
  Avatar,
  Box,
  Card,
  CardContent,
  CssBaseline,
  Link,
  ThemeProvider,
  Typography,
  createTheme,
} from '@mui/material';
import { useEffect, type ReactNode } from 'react';
import { defaultLightTheme, useTranslate } from 'react-admin';

/** react-admin's own light theme, so these pages look like the login page. */
export const publicTheme = createTheme(defaultLightTheme);

/** The frame of the login page (react-admin's `<Login>`): a gradient background and a centred card. */
export const PublicLayout = ({
  title,
  children,
  width = 360,
  icon = <LockIcon />,
  tone,
}: {
  title: string;
  children: ReactNode;
  width?: number;
  /** The avatar's icon above the title (a lock, like the login page's). */
  icon?: ReactNode;
  /** The avatar's colour (grey by default, like the login page's). */
  tone?: 'success' | 'warning' | 'error' | 'primary';
}) => {
  const translate = useTranslate();
  const heading = translate(title);
  useEffect(() => {
    document.title = translate('console.public.documentTitle', { title: heading });
  }, [heading, translate]);
  return (
    <ThemeProvider theme={publicTheme}>
      <CssBaseline />
      <Box
        component="main"
        sx={{
          display: 'flex',
          flexDirection: 'column',
          minHeight: '100vh',
          alignItems: 'center',
          justifyContent: 'flex-start',
          backgroundRepeat: 'no-repeat',
          backgroundSize: 'cover',
          backgroundImage: 'radial-gradient(circle at 50% 14em, #313264 0%, #00023b 60%, #00023b 100%)',
          pb: 6,
        }}
      >
        <Card sx={{ width, maxWidth: 'calc(100vw - 32px)', mt: '6em' }}>
          <Box sx={{ m: '1em', display: 'flex', justifyContent: 'center' }}>
            <Avatar sx={tone ? { bgcolor: `${tone}.main` } : undefined}>{icon}</Avatar>
          </Box>
          <Typography variant="h6" component="h1" sx={{ textAlign: 'center', mt: -1 }}>
            {heading}
          </Typography>
          <CardContent sx={{ '&:last-child': { pb: 2 } }}>{children}</CardContent>
        </Card>
      </Box>
    </ThemeProvider>
  );
};

/** A link back to the console's login page. */
export const BackToLogin = ({ label = 'console.public.backToLogin' }: { label?: string }) => {
  const translate = useTranslate();
  return (
    <Typography variant="body2" sx={{ textAlign: 'center', mt: 2 }}>
      <Link href="/#/login" underline="hover">
        {translate(label)}
      </Link>
    </Typography>
  );
};
