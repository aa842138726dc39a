import { Box, Link, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Login, LoginForm, PasswordInput, required, TextInput } from 'react-admin';
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
  if (!demo) return null;
  return (
    <Box sx={{ px: 2, pb: 2, width: 300, boxSizing: 'border-box' }} data-testid="demo-hint">
      <Typography
        variant="caption"
        component="p"
        color="text.secondary"
        sx={{ textAlign: 'center', bgcolor: 'action.hover', borderRadius: 1, py: 0.75, px: 0.5, letterSpacing: 0 }}
      >
        Demo: <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{demo.email}</Box> /{' '}
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{demo.password}</Box>
      </Typography>
    </Box>
  );
};

/** Real paths, outside react-admin's hash router (see main.tsx). */
const AccountLinks = () => (
  <Box
    sx={{ px: 2, pb: 2, width: 300, boxSizing: 'border-box', display: 'flex', justifyContent: 'space-between', gap: 1 }}
  >
    <Typography variant="body2">
      <Link href="/forgot-password" underline="hover">
        Forgot password?
      </Link>
    </Typography>
    <Typography variant="body2">
      <Link href="/signup" underline="hover">
        Create an account
      </Link>
    </Typography>
  </Box>
);

export const LoginPage = () => (
  <Login>
    <Typography variant="h6" component="h1" sx={{ textAlign: 'center', mt: -1 }}>
      Platform console
    </Typography>
    <LoginForm>
      <TextInput
        autoFocus
        source="username"
        label="Email"
        type="email"
        autoComplete="username"
        validate={required()}
      />
      <PasswordInput source="password" label="Password" autoComplete="current-password" validate={required()} />
    </LoginForm>
    <AccountLinks />
    <DemoHint />
  </Login>
);
