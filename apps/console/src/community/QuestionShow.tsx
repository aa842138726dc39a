import { Alert, Typography } from '@mui/material';
import {
  DateField,
  FunctionField,
  ListButton,
  ReferenceField,
  Show,
  TabbedShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { EditIfAllowed } from '../common/EditIfAllowed';
import { FieldGrid } from '../common/FieldGrid';
import { History } from '../common/History';
import { AnswersPanel } from './AnswersPanel';
import { QuestionActionButtons } from './QuestionActionButtons';
import { ModeratorStatusChip, QuestionStatusChip } from './QuestionStatusChip';
import { QuestionTitle } from './QuestionTitle';
import type { Question } from './types';

const Actions = () => (
  <TopToolbar>
    <QuestionActionButtons />
    <EditIfAllowed />
    <ListButton label="Community" />
  </TopToolbar>
);

const person = (value: { name: string | null } | null | undefined) => value?.name ?? '—';

/** The question's text, as asked. */
const Body = (_props: { label?: string | false }) => {
  const record = useRecordContext<Question>();
  if (!record?.body) return <Typography color="text.secondary">No details were given.</Typography>;
  return (
    <Typography component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: 760 }}>
      {record.body}
    </Typography>
  );
};

/** Why the moderators declined it (shown while it is declined). */
const Declined = (_props: { label?: string | false }) => {
  const record = useRecordContext<Question>();
  if (record?.moderatorStatus !== 'declined' || !record.declineReason) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      Declined by {person(record.decidedBy)}: {record.declineReason}
    </Alert>
  );
};

const AnswersLabel = () => {
  const record = useRecordContext<Question>();
  return <span>Answers{record ? ` (${record.answerCount})` : ''}</span>;
};

export const QuestionShow = () => (
  <Show actions={<Actions />} title={<QuestionTitle />}>
    <TabbedShowLayout>
      <TabbedShowLayout.Tab label="Overview">
        <Declined label={false} />
        <TextField source="title" label={false} variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }} />
        <Body label={false} />
        <FieldGrid>
          <QuestionStatusChip label="Status" />
          <ModeratorStatusChip label="Moderator status" />
          <ReferenceField source="websiteId" reference="websites" label="Website" link="show" />
          <TextField source="locale" />
          <TextField source="category" emptyText="—" />
          <FunctionField<Question>
            label="Asked by"
            render={(record) =>
              record.askedBy ? [record.askedBy.name, record.askedBy.email].filter(Boolean).join(' · ') : person(record.createdBy)
            }
          />
          <FunctionField<Question> label="Created by" render={(record) => person(record.createdBy)} />
          <DateField source="createdAt" label="Created" showTime />
          <FunctionField<Question> label="Published by" render={(record) => person(record.publishedBy)} />
          <DateField source="publishedAt" label="Published" showTime emptyText="—" />
          <FunctionField<Question>
            label="Answers"
            render={(record) => `${record.answerCount} (${record.publishedAnswerCount} published)`}
          />
        </FieldGrid>
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label={<AnswersLabel />} path="answers">
        <AnswersPanel label={false} />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="History" path="history">
        <History />
      </TabbedShowLayout.Tab>
    </TabbedShowLayout>
  </Show>
);
