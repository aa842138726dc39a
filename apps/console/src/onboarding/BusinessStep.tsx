import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormHelperText,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate, type Identifier } from 'react-admin';
import { dataProvider } from '../providers/dataProvider';
import { fieldErrorsOf, messageOf } from '../public/api';
import { viaDataProvider, type BusinessAnswers, type BusinessQuestion, type OnboardingOrganisation } from './api';
import { StepActions, StepHeading } from './OnboardingFrame';

/** One question: its answer buckets as a row of toggle buttons (one click answers), its error below. */
const Question = ({
  question,
  value,
  error,
  onChange,
}: {
  question: BusinessQuestion;
  value: string | undefined;
  error: string | undefined;
  onChange: (value: string) => void;
}) => {
  const labelId = `question-${question.field}`;
  const errorId = `question-${question.field}-error`;
  return (
    <Box sx={{ mb: 2.5 }} data-question={question.field}>
      <Typography
        id={labelId}
        variant="body2"
        sx={{ fontWeight: 500, mb: 0.75, color: error ? 'error.main' : 'text.primary' }}
      >
        {question.label}
      </Typography>
      <ToggleButtonGroup
        exclusive
        fullWidth
        size="small"
        color="primary"
        value={value ?? null}
        onChange={(_event, next: string | null) => {
          // Clicking the chosen answer again keeps it: every question needs one.
          if (next) onChange(next);
        }}
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        sx={error ? { '& .MuiToggleButton-root': { borderColor: 'error.main' } } : undefined}
      >
        {question.options.map((option) => (
          <ToggleButton key={option} value={option} sx={{ textTransform: 'none', py: 0.75 }}>
            {option}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {error ? (
        <FormHelperText id={errorId} error sx={{ mx: 0 }}>
          {error}
        </FormHelperText>
      ) : null}
    </Box>
  );
};

/** Step 1: the business questions (`POST /api/organisations/{id}/actions/SetBusinessProfile`). */
export const BusinessStep = ({
  organisationId,
  organisationName,
  questions,
  initial,
  onDone,
}: {
  organisationId: Identifier;
  organisationName: string;
  questions: BusinessQuestion[];
  initial: BusinessAnswers | null;
  onDone: (business: BusinessAnswers) => void;
}) => {
  const [answers, setAnswers] = useState<BusinessAnswers>(initial ?? {});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const translate = useTranslate();

  const choose = (field: string, value: string) => {
    setAnswers((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _answered, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await viaDataProvider(() =>
        dataProvider.action<OnboardingOrganisation & { id: Identifier }>(
          'organisations',
          organisationId,
          'SetBusinessProfile',
          answers,
        ),
      );
      if (answer.ok) {
        onDone(answer.body?.business ?? answers);
        return;
      }
      const fields = fieldErrorsOf(answer);
      const known = Object.fromEntries(
        questions.filter((q) => fields[q.field]).map((q) => [q.field, fields[q.field]!]),
      );
      setErrors(known);
      if (!Object.keys(known).length) setError(messageOf(answer, translate('console.onboarding.errors.answers')));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'console.public.networkError');
    }
    setBusy(false);
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={translate('console.onboarding.steps.business')}
    >
      <StepHeading title="console.onboarding.steps.business">
        {translate('console.onboarding.business.intro', { name: organisationName })}
      </StepHeading>
      {questions.map((question) => (
        <Question
          key={question.field}
          question={question}
          value={answers[question.field]}
          error={errors[question.field]}
          onChange={(value) => choose(question.field, value)}
        />
      ))}
      {error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {translate(error)}
        </Alert>
      ) : null}
      <StepActions>
        <Button type="submit" variant="contained" disabled={busy} sx={{ minWidth: 120 }}>
          {busy ? (
            <CircularProgress
              size={19}
              thickness={3}
              color="inherit"
              aria-label={translate('console.onboarding.saving')}
            />
          ) : (
            translate('console.onboarding.business.continue')
          )}
        </Button>
      </StepActions>
    </form>
  );
};
