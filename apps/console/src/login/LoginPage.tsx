import LockIcon from '@mui/icons-material/Lock';
import {
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  FilledInput,
  FormControl,
  FormHelperText,
  InputLabel,
  Link,
  Typography,
} from '@mui/material';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useCheckAuth, useLogin, useNavigate, useNotify, useTranslate } from 'react-admin';
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
        {translate('console.login.demo')}{' '}
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {demo.email}
        </Box>{' '}
        /{' '}
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {demo.password}
        </Box>
      </Typography>
    </Box>
  );
};

/** Real paths, outside react-admin's hash router (see main.tsx). */
const AccountLinks = () => {
  const translate = useTranslate();
  return (
    <Box
      sx={{
        px: 2,
        pb: 2,
        width: 300,
        boxSizing: 'border-box',
        display: 'flex',
        justifyContent: 'space-between',
        gap: 1,
      }}
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

type Field = 'username' | 'password';

/** One labelled input of the sign-in form (MUI's TextField would bring its select and menu along). */
const CredentialInput = ({
  name,
  label,
  error,
  ...input
}: {
  name: Field;
  label: string;
  error?: string;
  type: string;
  autoComplete: string;
  autoFocus?: boolean;
}) => {
  const translate = useTranslate();
  const id = `login-${name}`;
  return (
    <FormControl variant="filled" margin="dense" fullWidth error={!!error} required>
      <InputLabel htmlFor={id}>{translate(label)}</InputLabel>
      <FilledInput id={id} name={name} {...input} aria-describedby={error ? `${id}-error` : undefined} />
      {error && <FormHelperText id={`${id}-error`}>{translate(error)}</FormHelperText>}
    </FormControl>
  );
};

/**
 * react-admin's LoginForm, without its form library: the login page is the first thing a visitor
 * loads, and react-hook-form with react-admin's inputs weighs ~20 kB gzipped. Same behaviour:
 * both fields required, `authProvider.login`, its error as a notification.
 */
const CredentialsForm = () => {
  const translate = useTranslate();
  const login = useLogin();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const username = String(data.get('username') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const missing = {
      username: username ? undefined : 'ra.validation.required',
      password: password ? undefined : 'ra.validation.required',
    };
    setErrors(missing);
    if (missing.username || missing.password) return;
    setBusy(true);
    login({ username, password })
      .catch((error: unknown) => {
        const message =
          typeof error === 'string' ? error : error instanceof Error && error.message ? error.message : undefined;
        notify(message ?? 'ra.auth.sign_in_error', { type: 'error', messageArgs: { _: message } });
      })
      .finally(() => setBusy(false));
  };
  return (
    <Box component="form" onSubmit={onSubmit} noValidate>
      <CardContent sx={{ width: 300, boxSizing: 'border-box' }}>
        <CredentialInput
          name="username"
          label="console.login.email"
          type="email"
          autoComplete="username"
          autoFocus
          error={errors.username}
        />
        <CredentialInput
          name="password"
          label="console.login.password"
          type="password"
          autoComplete="current-password"
          error={errors.password}
        />
        <Button variant="contained" type="submit" color="primary" disabled={busy} fullWidth sx={{ mt: 2 }}>
          {busy ? <CircularProgress size={19} thickness={3} color="inherit" /> : translate('ra.auth.sign_in')}
        </Button>
      </CardContent>
    </Box>
  );
};

/**
 * react-admin's Login card (same look), without importing it: its module builds a LoginForm as its
 * default children, which brings the form library along. A signed-in visitor goes to the dashboard.
 */
const LoginCard = ({ children }: { children: ReactNode }) => {
  const checkAuth = useCheckAuth();
  const navigate = useNavigate();
  useEffect(() => {
    checkAuth({}, false)
      .then(() => navigate('/'))
      .catch(() => undefined);
  }, [checkAuth, navigate]);
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        minHeight: '100vh',
        alignItems: 'center',
        justifyContent: 'flex-start',
        backgroundImage: 'radial-gradient(circle at 50% 14em, #313264 0%, #00023b 60%, #00023b 100%)',
      }}
    >
      <Card sx={{ minWidth: 300, mt: '6em' }}>
        <Box sx={{ m: '1em', display: 'flex', justifyContent: 'center' }}>
          <Avatar sx={{ bgcolor: 'secondary.main' }}>
            <LockIcon />
          </Avatar>
        </Box>
        {children}
      </Card>
    </Box>
  );
};

export const LoginPage = () => {
  const translate = useTranslate();
  useEffect(() => {
    document.title = translate('console.public.documentTitle', { title: translate('console.login.documentTitle') });
  }, [translate]);
  return (
    <LoginCard>
      <Typography variant="h6" component="h1" sx={{ textAlign: 'center', mt: -1 }}>
        {translate('console.login.title')}
      </Typography>
      <CredentialsForm />
      <AccountLinks />
      <DemoHint />
    </LoginCard>
  );
};
