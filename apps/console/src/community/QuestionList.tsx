import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import { Box, Card, Chip, MenuItem, Tab, Tabs, TextField as MuiTextField, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { CreateIfAllowed } from '../common/CreateIfAllowed';
import {
  DataTable,
  FilterButton,
  List,
  Loading,
  ReferenceField,
  TextInput,
  Title,
  TopToolbar,
  useGetIdentity,
  useGetList,
  useStore,
  useTranslate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { SearchField } from '../common/SearchField';
import { dotted, SmallList, useSmallScreen } from '../common/SmallList';
import { formatDay } from '../common/dates';
import { UpgradePrompt } from '../organisations/UpgradePrompt';
import type { CurrentUser, Website } from '../types';
import { AnswerActionButtons } from './AnswersPanel';
import { BulkQuestionActions } from './BulkQuestionActions';
import { ModeratorStatusChip, QuestionStatusChip } from './QuestionStatusChip';
import type { Answer, Question, QuestionCounts } from './types';
import { useQuestionCounts } from './useQuestionCounts';
import { DayField } from '../common/DateFields';
import { INLINE_ERRORS, ListError } from '../common/ListError';

/** The Community screen's tabs (seed 000 section 2); the spec's "create" is the list's "Ask a question" button. */
export type CommunityTab = 'new' | 'draft' | 'published' | 'moderator' | 'deleted' | 'answers';
/** Labelled `console.community.tabs.<value>`, empty pages `console.community.empty.<value>`. */
const TABS: Array<{ value: CommunityTab; count: keyof QuestionCounts }> = [
  { value: 'new', count: 'new' },
  { value: 'draft', count: 'draft' },
  { value: 'published', count: 'published' },
  { value: 'moderator', count: 'moderator' },
  { value: 'deleted', count: 'deleted' },
  { value: 'answers', count: 'publishedAnswers' },
];

/** The spec's page sizes: community questions 10, the moderators' queue 50. */
const PAGE_SIZE = 10;
const MODERATOR_PAGE_SIZE = 50;

export const TAB_STORE_KEY = 'community.tab';
export const WEBSITE_STORE_KEY = 'community.websiteId';

const filters = [
  <SearchField key="q" source="q" alwaysOn placeholder="console.community.search" />,
  <TextInput key="locale" source="locale" />,
  <TextInput key="category" source="category" />,
];

const ListActions = () => (
  <TopToolbar>
    <FilterButton />
    <CreateIfAllowed label="console.community.ask" />
  </TopToolbar>
);

const Empty = ({ tab }: { tab: CommunityTab }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }}>
      <ForumOutlinedIcon sx={{ fontSize: 56, opacity: 0.4 }} />
      <Typography sx={{ mt: 1 }}>{translate(`console.community.empty.${tab}`)}</Typography>
    </Box>
  );
};

const Column = DataTable.Col<Question>;
const NO_WRAP_HEADERS = { '& .MuiTableCell-head': { whiteSpace: 'nowrap' } };
const AnswerColumn = DataTable.Col<Answer>;

/** The websites' names by id (the list of websites is asked once for the whole screen). */
const useWebsiteName = () => {
  const { data: websites } = useGetList<Website>('websites', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  return (id: Identifier) => websites?.find((site) => site.id === id)?.name;
};

/** A tab's questions on a phone: the title, the status in words, where and how many answers; a row opens the question. */
const QuestionSmallList = ({ tab }: { tab: Exclude<CommunityTab, 'answers'> }) => {
  const translate = useTranslate();
  const websiteName = useWebsiteName();
  return (
    <SmallList<Question>
      name={(question) => question.title}
      status={(question) => question.statusLabel}
      secondary={(question) =>
        dotted(
          websiteName(question.websiteId) && `${websiteName(question.websiteId)} (${question.locale})`,
          question.category,
          translate('console.community.answerCount', { smart_count: question.answerCount }),
        )
      }
      rowClick="show"
      empty={<Empty tab={tab} />}
    />
  );
};

/** The published answers on a phone: the answer's start, its question and who published it, when; a row opens the question's answers. */
const AnswerSmallList = () => {
  const translate = useTranslate();
  return (
    <SmallList<Answer>
      name={(answer) => (answer.body.length > 120 ? `${answer.body.slice(0, 117)}…` : answer.body)}
      status={(answer) => (answer.publishedAt ? formatDay(answer.publishedAt) : null)}
      secondary={(answer) => (
        <>
          <ReferenceField record={answer} source="questionId" reference="questions" link={false} />
          {answer.publishedBy?.name
            ? ` · ${translate('console.community.publishedByName', { name: answer.publishedBy.name })}`
            : null}
        </>
      )}
      rowClick={answerPath}
      empty={<Empty tab="answers" />}
    />
  );
};

const answerPath = (_id: Identifier, _resource: string, record: RaRecord) =>
  `/questions/${encodeURIComponent(String(record.questionId))}/show/answers`;

/** One tab's questions: its own page size and saved parameters (per tab, not in the URL). */
const QuestionTab = ({
  tab,
  websiteId,
  small,
}: {
  tab: Exclude<CommunityTab, 'answers'>;
  websiteId: Identifier | null;
  small: boolean;
}) => (
  <List<Question>
    error={<ListError />}
    queryOptions={INLINE_ERRORS}
    resource="questions"
    storeKey={`questions.${tab}`}
    disableSyncWithLocation
    title={false}
    filter={{ view: tab, ...(websiteId ? { websiteId } : {}) }}
    filters={filters}
    actions={<ListActions />}
    perPage={tab === 'moderator' ? MODERATOR_PAGE_SIZE : PAGE_SIZE}
    sort={{ field: 'createdAt', order: 'DESC' }}
    empty={false}
    component="div"
  >
    {small ? (
      <QuestionSmallList tab={tab} />
    ) : (
      <DataTable
        rowClick="show"
        bulkActionButtons={<BulkQuestionActions tab={tab} />}
        empty={<Empty tab={tab} />}
        sx={NO_WRAP_HEADERS}
      >
        <Column source="title" sx={{ maxWidth: 420 }} />
        <Column source="websiteId" disableSort cellSx={() => ({ whiteSpace: 'nowrap' })}>
          <ReferenceField source="websiteId" reference="websites" link={false} />
        </Column>
        <Column source="locale" />
        <Column source="category" render={(record) => record.category ?? '—'} />
        <Column source="status">
          <QuestionStatusChip />
        </Column>
        <Column source="moderatorStatus">
          <ModeratorStatusChip />
        </Column>
        <Column source="answerCount" align="right" />
        <Column source="createdAt">
          <DayField source="createdAt" />
        </Column>
      </DataTable>
    )}
  </List>
);

/** The published answers of the website, each linked to its question. */
const PublishedAnswersTab = ({ websiteId, small }: { websiteId: Identifier | null; small: boolean }) => (
  <List<Answer>
    resource="answers"
    storeKey="answers.published"
    disableSyncWithLocation
    title={false}
    filter={{ status: 'published', ...(websiteId ? { websiteId } : {}) }}
    filters={[<SearchField key="q" source="q" alwaysOn placeholder="console.community.searchAnswers" />]}
    actions={false}
    perPage={PAGE_SIZE}
    sort={{ field: 'createdAt', order: 'DESC' }}
    empty={false}
    component="div"
  >
    {small ? (
      <AnswerSmallList />
    ) : (
      <DataTable rowClick={answerPath} bulkActionButtons={false} empty={<Empty tab="answers" />} sx={NO_WRAP_HEADERS}>
        <AnswerColumn
          source="body"
          sx={{ maxWidth: 480 }}
          render={(record) => (record.body.length > 160 ? `${record.body.slice(0, 157)}…` : record.body)}
        />
        <AnswerColumn source="questionId" disableSort>
          <ReferenceField source="questionId" reference="questions" link={false} />
        </AnswerColumn>
        <AnswerColumn source="publishedBy" disableSort render={(record) => record.publishedBy?.name ?? '—'} />
        <AnswerColumn source="publishedAt">
          <DayField source="publishedAt" />
        </AnswerColumn>
        <AnswerColumn label="" disableSort>
          <Box onClick={(event) => event.stopPropagation()}>
            <AnswerActionButtons compact />
          </Box>
        </AnswerColumn>
      </DataTable>
    )}
  </List>
);

const CountChip = ({ value }: { value: number | undefined }) => (
  <Chip size="small" label={value ?? '…'} sx={{ ml: 1, height: 20, minWidth: 24, '& .MuiChip-label': { px: 0.75 } }} />
);

/** The website whose community is shown (all of them when none is chosen). */
const WebsitePicker = ({
  value,
  onChange,
}: {
  value: Identifier | null;
  onChange: (value: Identifier | null) => void;
}) => {
  const { data: websites } = useGetList<Website>('websites', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  const translate = useTranslate();
  return (
    <MuiTextField
      select
      size="small"
      label={translate('console.community.website')}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
      fullWidth={false}
      sx={{ width: 260 }}
    >
      <MenuItem value="">{translate('console.community.allWebsites')}</MenuItem>
      {(websites ?? []).map((site) => (
        <MenuItem key={site.id} value={site.id}>
          {site.name}
        </MenuItem>
      ))}
    </MuiTextField>
  );
};

/** Shown instead of the tabs when no organisation of the user has the community in its plan. */
const Upgrade = () => {
  const { identity } = useGetIdentity();
  const organisation = (identity as unknown as CurrentUser | undefined)?.organisations?.[0];
  const translate = useTranslate();
  if (!organisation) return <Typography>{translate('console.community.upgrade')}</Typography>;
  return <UpgradePrompt product="community" organisationId={organisation.id} organisationName={organisation.name} />;
};

/**
 * The Community screen: new, draft, published, moderator, deleted and published
 * answers, each tab with its count (`GET /api/questions/counts`) for the chosen website.
 */
export const QuestionList = () => {
  const [tab, setTab] = useStore<CommunityTab>(TAB_STORE_KEY, 'new');
  const [websiteId, setWebsiteId] = useStore<Identifier | null>(WEBSITE_STORE_KEY, null);
  const counts = useQuestionCounts(websiteId);
  const translate = useTranslate();
  const current = TABS.some((t) => t.value === tab) ? tab : 'new';
  const small = useSmallScreen();

  let content: ReactNode;
  if (counts.isPending) content = <Loading />;
  else if ((counts.error as { status?: number } | null)?.status === 403) content = <Upgrade />;
  else if (current === 'answers') content = <PublishedAnswersTab key="answers" websiteId={websiteId} small={small} />;
  else content = <QuestionTab key={current} tab={current} websiteId={websiteId} small={small} />;

  return (
    <Box sx={{ mt: 1 }}>
      <Title title="console.community.title" />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <WebsitePicker value={websiteId} onChange={setWebsiteId} />
      </Box>
      <Card>
        <Tabs
          value={current}
          onChange={(_, value: CommunityTab) => setTab(value)}
          variant="scrollable"
          scrollButtons="auto"
          aria-label={translate('console.community.tabsLabel')}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {TABS.map((t) => (
            <Tab
              key={t.value}
              value={t.value}
              data-tab={t.value}
              label={
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center' }}>
                  {translate(`console.community.tabs.${t.value}`)}
                  <CountChip value={counts.data?.[t.count]} />
                </Box>
              }
            />
          ))}
        </Tabs>
        <Box sx={{ px: 1 }}>{content}</Box>
      </Card>
    </Box>
  );
};
