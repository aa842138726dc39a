import { Alert, Button, CircularProgress, Link, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { fieldErrorsOf, goTo, messageOf, postJson } from './api';
import { checkPasswords, PasswordFields, type PasswordValues } from './PasswordFields';
import { PublicLayout } from './PublicLayout';

type Field = 'name' | 'email' | 'password' | 'confirm' | 'orgName';

/** `/signup`: a new user and their organisation (`POST /api/auth/signup`), then onboarding. */
export const SignupPage = () => {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [orgName, setOrgName] = useState('');
  const [passwords, setPasswords] = useState<PasswordValues>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const translate = useTranslate();
  const errorText = (field: Field) => (errors[field] ? translate(errors[field]) : undefined);
  /** An error is about the value it was found in: editing the field (or the form's answer) makes it stale. */
  const edited = (...fields: Field[]) => {
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field as Field))),
    );
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Partial<Record<Field, string>> = { ...checkPasswords(passwords) };
    if (!name.trim()) problems.name = 'console.public.signup.nameMissing';
    if (!email.trim()) problems.email = 'console.public.signup.emailInvalid';
    if (!orgName.trim()) problems.orgName = 'console.public.signup.organisationMissing';
    setErrors(problems);
    setError(null);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      const answer = await postJson('/auth/signup', {
        name: name.trim(),
        email: email.trim(),
        password: passwords.password,
        orgName: orgName.trim(),
        emailJoin: false,
        signUpType: 'Default',
        isMobile: window.matchMedia?.('(max-width: 600px)').matches ?? false,
      });
      if (answer.ok) {
        // Signed in by the answer's cookie: onboarding next (a full load: no cached anonymous user).
        goTo('/onboarding');
        return;
      }
      const fields = fieldErrorsOf(answer);
      const known: Partial<Record<Field, string>> = {};
      for (const field of ['name', 'email', 'password', 'orgName'] as const)
        if (fields[field]) known[field] = fields[field];
      setErrors(known);
      if (!Object.keys(known).length || answer.status === 409)
        setError(messageOf(answer, translate('console.public.signup.failed')));
      setBusy(false);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : translate('console.public.networkError'));
      setBusy(false);
    }
  };

  return (
    <PublicLayout title="console.public.signup.title" width={400}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={translate('console.public.name')}
          autoComplete="name"
          autoFocus
          fullWidth
          margin="dense"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            edited('name');
          }}
          error={Boolean(errors.name)}
          helperText={errorText('name')}
        />
        <TextField
          label={translate('console.public.email')}
          type="email"
          autoComplete="email"
          fullWidth
          margin="dense"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            edited('email');
          }}
          error={Boolean(errors.email)}
          helperText={errorText('email')}
        />
        <PasswordFields
          values={passwords}
          errors={{ password: errors.password, confirm: errors.confirm }}
          onChange={(values) => {
            setPasswords(values);
            edited('password', 'confirm');
          }}
        />
        <TextField
          label={translate('console.public.signup.organisationName')}
          autoComplete="organization"
          fullWidth
          margin="dense"
          value={orgName}
          onChange={(event) => {
            setOrgName(event.target.value);
            edited('orgName');
          }}
          error={Boolean(errors.orgName)}
          helperText={errorText('orgName') ?? ' '}
        />
        {error && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {translate(error)}
          </Alert>
        )}
        <Button type="submit" variant="contained" fullWidth disabled={busy}>
          {busy ? (
            <CircularProgress size={19} thickness={3} color="inherit" />
          ) : (
            translate('console.public.signup.submit')
          )}
        </Button>
      </form>
      <Typography variant="body2" sx={{ textAlign: 'center', mt: 2 }}>
        {translate('console.public.signup.haveAccount')}{' '}
        <Link href="/#/login" underline="hover">
          {translate('console.public.logIn')}
        </Link>
      </Typography>
    </PublicLayout>
  );
};
