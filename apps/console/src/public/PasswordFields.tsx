import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Box, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PASSWORD_RULES, PASSWORDS_MUST_MATCH, passwordProblem } from '../common/passwordRules';

export interface PasswordValues {
  password: string;
  confirm: string;
}

/** The client-side checks: the rule first, then the confirmation. */
export const checkPasswords = ({ password, confirm }: PasswordValues): { password?: string; confirm?: string } => {
  const problem = passwordProblem(password);
  if (problem) return { password: problem };
  if (password !== confirm) return { confirm: PASSWORDS_MUST_MATCH };
  return {};
};

/** The rule as a checklist that fills in while typing. */
const RuleHints = ({ password }: { password: string }) => {
  const translate = useTranslate();
  return (
    <Box
      component="ul"
      aria-label={translate('console.public.passwordRules')}
      sx={{ listStyle: 'none', p: 0, m: 0, mb: 1, display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 0.25 }}
    >
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <Box
            component="li"
            key={rule.hint}
            data-met={met}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 0.5,
              fontSize: 12,
              color: met ? 'success.dark' : 'text.secondary',
            }}
          >
            {met ? <CheckCircleIcon sx={{ fontSize: 14 }} /> : <RadioButtonUncheckedIcon sx={{ fontSize: 14 }} />}
            {translate(rule.hint)}
          </Box>
        );
      })}
    </Box>
  );
};

export const PasswordFields = ({
  values,
  errors,
  onChange,
  passwordLabel = 'console.public.password',
}: {
  values: PasswordValues;
  errors: { password?: string; confirm?: string };
  onChange: (values: PasswordValues) => void;
  passwordLabel?: string;
}) => {
  const translate = useTranslate();
  return (
    <>
      <TextField
        label={translate(passwordLabel)}
        type="password"
        autoComplete="new-password"
        fullWidth
        margin="dense"
        value={values.password}
        onChange={(event) => onChange({ ...values, password: event.target.value })}
        error={Boolean(errors.password)}
        helperText={errors.password ? translate(errors.password) : undefined}
      />
      <RuleHints password={values.password} />
      <TextField
        label={translate('console.public.confirmPassword')}
        type="password"
        autoComplete="new-password"
        fullWidth
        margin="dense"
        value={values.confirm}
        onChange={(event) => onChange({ ...values, confirm: event.target.value })}
        error={Boolean(errors.confirm)}
        helperText={errors.confirm ? translate(errors.confirm) : ' '}
      />
    </>
  );
};
