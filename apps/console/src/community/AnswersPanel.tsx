import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PublishIcon from '@mui/icons-material/Publish';
import { Alert, Box, Card, CardContent, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  RecordContextProvider,
  ReferenceManyField,
  useCreate,
  useListContext,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useWorkflowActions, type WorkflowActionConfig } from '../common/useWorkflowActions';
import { QuestionStatusChip } from './QuestionStatusChip';
import type { Answer, Question } from './types';
import { MomentField } from '../common/DateFields';

const ANSWER_MAX = 20_000;

/** How the answer actions are drawn; only those in `record.allowedActions` show. */
const ACTIONS: Record<string, WorkflowActionConfig<Answer>> = {
  Publish: {
    icon: <PublishIcon />,
    label: 'console.community.actions.Publish',
    done: 'console.community.actions.answerPublished',
    color: 'success',
  },
  Delete: {
    icon: <DeleteOutlineIcon />,
    label: 'console.community.actions.Delete',
    done: 'console.community.actions.answerDeleted',
    color: 'error',
    confirm: () => ({
      title: 'console.community.actions.answerDeleteTitle',
      content: 'console.community.actions.answerDeleteText',
    }),
  },
};

/** The answer's actions; `compact` (in a list row) shows icon buttons named by their action. */
export const AnswerActionButtons = ({ compact = false }: { compact?: boolean }) => {
  const record = useRecordContext<Answer>();
  const redirect = useRedirect();
  const translate = useTranslate();
  const { actions, busy, start, confirmDialog } = useWorkflowActions('answers', record, { configs: ACTIONS });
  if (!record) return null;
  const buttons = actions.map(({ name, label, config }) => ({
    name: label,
    icon: config.icon,
    color: config.color,
    onClick: () => start(name),
  }));
  if (record.allowedActions?.includes('Update')) {
    buttons.push({
      name: translate('console.community.actions.Edit'),
      icon: <EditOutlinedIcon />,
      color: 'primary',
      onClick: () => redirect('edit', 'answers', record.id),
    });
  }
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'nowrap', gap: 0.5 }}>
      {buttons.map((b) =>
        compact ? (
          <Tooltip key={b.name} title={b.name}>
            <span>
              <IconButton
                aria-label={b.name}
                size="small"
                color={b.color}
                disabled={busy}
                onClick={b.onClick}
                sx={{ '& svg': { fontSize: 20 } }}
              >
                {b.icon}
              </IconButton>
            </span>
          </Tooltip>
        ) : (
          <Button key={b.name} label={b.name} color={b.color} disabled={busy} onClick={b.onClick}>
            {b.icon}
          </Button>
        ),
      )}
      {confirmDialog}
    </Box>
  );
};

const author = (answer: Answer) => answer.answeredBy?.name ?? answer.createdBy?.name ?? null;

/** The question's answers (pending and published), oldest first, each with its actions. */
const AnswerCards = () => {
  const { data, isPending } = useListContext<Answer>();
  const translate = useTranslate();
  if (isPending || !data) return null;
  if (data.length === 0)
    return <Typography color="text.secondary">{translate('console.community.answers.none')}</Typography>;
  return (
    <Stack spacing={1.5} sx={{ width: '100%' }}>
      {data.map((answer) => (
        <RecordContextProvider value={answer} key={answer.id}>
          <Card variant="outlined" data-answer={answer.id}>
            <CardContent sx={{ pb: 1 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
                <QuestionStatusChip />
                <Typography variant="body2" color="text.secondary">
                  {author(answer) ?? translate('console.community.answers.unknown')} ·{' '}
                  <MomentField source="createdAt" />
                </Typography>
              </Box>
              <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {answer.body}
              </Typography>
              <Box sx={{ mt: 1 }}>
                <AnswerActionButtons />
              </Box>
            </CardContent>
          </Card>
        </RecordContextProvider>
      ))}
    </Stack>
  );
};

/** Adds an answer to the question: it waits for a moderator to publish it. */
const AddAnswer = () => {
  const question = useRecordContext<Question>();
  const [create, { isPending }] = useCreate<Answer>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const translate = useTranslate();
  if (!question) return null;
  if (question.status === 'deleted') {
    return <Alert severity="info">{translate('console.community.answers.deleted')}</Alert>;
  }
  const submit = () => {
    if (!body.trim()) {
      setError(translate('console.community.answers.missing'));
      return;
    }
    void create(
      'answers',
      { data: { questionId: question.id, body } },
      {
        onSuccess: () => {
          notify('console.community.notices.answerAdded', { type: 'success' });
          setBody('');
          refresh();
        },
        onError: (e) => {
          const message = (e as { body?: { errors?: { body?: string } } }).body?.errors?.body;
          if (message) setError(message);
          else
            notify(e instanceof Error && e.message ? e.message : 'console.community.notices.answerFailed', {
              type: 'error',
            });
        },
      },
    );
  };
  return (
    <Box sx={{ mt: 3, maxWidth: 760 }}>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {translate('console.community.answers.add')}
      </Typography>
      <TextField
        fullWidth
        multiline
        minRows={3}
        label={translate('console.community.answers.yours')}
        value={body}
        onChange={(event) => {
          setBody(event.target.value);
          setError(null);
        }}
        error={Boolean(error)}
        helperText={error ?? translate('console.community.answers.help')}
        slotProps={{ htmlInput: { maxLength: ANSWER_MAX } }}
      />
      <Box sx={{ mt: 1 }}>
        <Button label="console.community.answers.addButton" variant="contained" onClick={submit} disabled={isPending} />
      </Box>
    </Box>
  );
};

export const AnswersPanel = (_props: { label?: string | false }) => (
  <Box sx={{ width: '100%' }}>
    <ReferenceManyField<Question, Answer>
      reference="answers"
      target="questionId"
      filter={{ status: ['pending', 'published'] }}
      sort={{ field: 'createdAt', order: 'ASC' }}
      perPage={100}
    >
      <AnswerCards />
    </ReferenceManyField>
    <AddAnswer />
  </Box>
);
