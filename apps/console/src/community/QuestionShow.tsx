import { Alert, Typography } from '@mui/material';
import {
  FunctionField,
  ListButton,
  ReferenceField,
  Show,
  TabbedShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { EditIfAllowed } from '../common/EditIfAllowed';
import { FieldGrid } from '../common/FieldGrid';
import { History } from '../common/History';
import { AnswersPanel } from './AnswersPanel';
import { QuestionActionButtons } from './QuestionActionButtons';
import { ModeratorStatusChip, QuestionStatusChip } from './QuestionStatusChip';
import { QuestionTitle } from './QuestionTitle';
import type { Question } from './types';
import { MomentField } from '../common/DateFields';

const Actions = () => (
  <TopToolbar>
    <QuestionActionButtons />
    <EditIfAllowed />
    <ListButton label="resources.questions.name" />
  </TopToolbar>
);

const person = (value: { name: string | null } | null | undefined) => value?.name ?? '—';

/** The question's text, as asked. */
const Body = (_props: { label?: string | false }) => {
  const record = useRecordContext<Question>();
  const translate = useTranslate();
  if (!record?.body)
    return <Typography color="text.secondary">{translate('console.community.show.noDetails')}</Typography>;
  return (
    <Typography component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: 760 }}>
      {record.body}
    </Typography>
  );
};

/** Why the moderators declined it (shown while it is declined). */
const Declined = (_props: { label?: string | false }) => {
  const record = useRecordContext<Question>();
  const translate = useTranslate();
  if (record?.moderatorStatus !== 'declined' || !record.declineReason) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {translate('console.community.show.declinedBy', { name: person(record.decidedBy), reason: record.declineReason })}
    </Alert>
  );
};

const AnswersLabel = () => {
  const record = useRecordContext<Question>();
  const translate = useTranslate();
  return (
    <span>
      {record
        ? translate('console.community.answers.tabCount', { count: record.answerCount })
        : translate('console.community.answers.tab')}
    </span>
  );
};

export const QuestionShow = () => {
  const translate = useTranslate();
  return (
    <Show actions={<Actions />} title={<QuestionTitle />}>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="console.community.show.overview">
          <Declined label={false} />
          <TextField source="title" label={false} variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }} />
          <Body label={false} />
          <FieldGrid>
            <QuestionStatusChip label="resources.questions.fields.status" />
            <ModeratorStatusChip label="resources.questions.fields.moderatorStatus" />
            <ReferenceField source="websiteId" reference="websites" link="show" />
            <TextField source="locale" />
            <TextField source="category" emptyText="—" />
            <FunctionField<Question>
              label="console.community.show.askedBy"
              render={(record) =>
                record.askedBy
                  ? [record.askedBy.name, record.askedBy.email].filter(Boolean).join(' · ')
                  : person(record.createdBy)
              }
            />
            <FunctionField<Question>
              label="console.community.show.createdBy"
              render={(record) => person(record.createdBy)}
            />
            <MomentField source="createdAt" label="resources.questions.fields.createdAt" />
            <FunctionField<Question>
              label="console.community.show.publishedBy"
              render={(record) => person(record.publishedBy)}
            />
            <MomentField source="publishedAt" label="resources.questions.fields.publishedAt" />
            <FunctionField<Question>
              label="console.community.show.answers"
              render={(record) =>
                translate('console.community.show.answerCount', {
                  count: record.answerCount,
                  published: record.publishedAnswerCount,
                })
              }
            />
          </FieldGrid>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label={<AnswersLabel />} path="answers">
          <AnswersPanel label={false} />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="console.community.show.history" path="history">
          <History />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
};
