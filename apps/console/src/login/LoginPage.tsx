import { Box, Link, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Login, LoginForm, PasswordInput, required, TextInput, useTranslate } from 'react-admin';
import { demoCredentials, type DemoCredentials } from '../providers/authProvider';

/** `GET /api/auth/demo` answers the demo account in demo mode and 404 otherwise. */
const useDemoCredentials = () => {
  const [demo, setDemo] = useState<DemoCredentials | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void demoCredentials(controller.signal).then((found) => {
      if (found) setDemo(found);
    });
    return () => controller.abort();
  }, []);
  return demo;
};

const DemoHint = () => {
  const demo = useDemoCredentials();
  const translate = useTranslate();
  if (!demo) return null;
  return (
    <Box sx={{ px: 2, pb: 2, width: 300, boxSizing: 'border-box' }} data-testid="demo-hint">
      <Typography
        variant="caption"
        component="p"
        color="text.secondary"
        sx={{ textAlign: 'center', bgcolor: 'action.hover', borderRadius: 1, py: 0.75, px: 0.5, letterSpacing: 0 }}
      >
        {translate('console.login.demo')} <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{demo.email}</Box> /{' '}
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{demo.password}</Box>
      </Typography>
    </Box>
  );
};

/** Real paths, outside react-admin's hash router (see main.tsx). */
const AccountLinks = () => {
  const translate = useTranslate();
  return (
    <Box
      sx={{ px: 2, pb: 2, width: 300, boxSizing: 'border-box', display: 'flex', justifyContent: 'space-between', gap: 1 }}
    >
      <Typography variant="body2">
        <Link href="/forgot-password" underline="hover">
          {translate('console.login.forgotPassword')}
        </Link>
      </Typography>
      <Typography variant="body2">
        <Link href="/signup" underline="hover">
          {translate('console.login.signUp')}
        </Link>
      </Typography>
    </Box>
  );
};

export const LoginPage = () => {
  const translate = useTranslate();
  return (
    <Login>
      <Typography variant="h6" component="h1" sx={{ textAlign: 'center', mt: -1 }}>
        {translate('console.login.title')}
      </Typography>
      <LoginForm>
        <TextInput
          autoFocus
          source="username"
          label="console.login.email"
          type="email"
          autoComplete="username"
          validate={required()}
        />
        <PasswordInput source="password" label="console.login.password" autoComplete="current-password" validate={required()} />
      </LoginForm>
      <AccountLinks />
      <DemoHint />
    </Login>
  );
};
