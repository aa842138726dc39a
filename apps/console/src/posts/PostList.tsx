import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import { Box, Button, Chip, Tab, Tabs, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useCanCreate } from '../common/CreateIfAllowed';
import {
  CreateButton,
  DataTable,
  DateInput,
  FilterButton,
  List,
  Pagination,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  TextInput,
  Title,
  TopToolbar,
  useGetIdentity,
  useGetList,
  useListContext,
  useRecordContext,
  useStore,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { SearchField } from '../common/SearchField';
import { dotted, SmallList, useSmallScreen } from '../common/SmallList';
import { formatDay } from '../common/dates';
import { useNavigate } from 'react-router-dom';
import type { Website } from '../types';
import { POSTS, POSTS_TAB_STORE_KEY, usePostCounts, usePostOptions } from './api';
import { ROUTED_TABS } from './PostMenu';
import { BulkPostActions, BulkSummaryContext, BulkSummaryDialog, type BulkSummary } from './BulkPostActions';
import {
  CREATOR_TABS,
  EDITOR_TABS,
  TABS,
  tabFilter,
  typeLabel,
  usePostStatusLabel,
  type AllPostsView,
  type PostTab,
} from './labels';
import { PostStatusChip } from './PostStage';
import type { Post } from './types';
import { WorkflowDiagramButton } from './WorkflowDiagram';
import { INLINE_ERRORS, ListError } from '../common/ListError';

/** The spec's default page size. */
const PAGE_SIZE = 100;
export const LIST_STORE_KEY = 'posts.list';
const TAB_STORE_KEY = POSTS_TAB_STORE_KEY;
const VIEW_STORE_KEY = 'posts.allView';

interface Identity {
  navigation?: string[];
  organisations?: { cmsRole?: string }[];
}

/**
 * Creators (CMS role creator, or a navigation with Your Posts and no In Progress) see their own
 * work first; everyone else sees the editorial tabs.
 */
export const useIsCreator = () => {
  const { identity, isPending } = useGetIdentity();
  const who = identity as unknown as Identity | undefined;
  const navigation = who?.navigation ?? [];
  const cmsRoles = (who?.organisations ?? []).map((o) => o.cmsRole).filter(Boolean);
  const creator = cmsRoles.length
    ? cmsRoles.every((role) => role === 'creator')
    : navigation.includes('your-posts') && !navigation.includes('in-progress');
  return { creator, isPending };
};

/** Member names for the writer and editor filters. */
const MemberFilterInput = ({ source, label }: { source: string; label: string; alwaysOn?: boolean }) => {
  const { data } = useGetList<{ id: Identifier; userId: string; name: string; status: string }>('members', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
  });
  const choices = (data ?? []).filter((m) => m.userId).map((m) => ({ id: m.userId, name: m.name }));
  return <SelectInput source={source} label={label} choices={choices} emptyText="console.posts.list.anyone" />;
};

/** The locales the user's websites have. */
const LocaleFilterInput = ({ source, label }: { source: string; label: string; alwaysOn?: boolean }) => {
  const { data } = useGetList<Website>('websites', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  const locales = [
    ...new Set(
      (data ?? []).flatMap((w) => [w.defaultLocale, ...(w.locales ?? []).map((l) => l.locale)]).filter(Boolean),
    ),
  ].sort();
  return (
    <SelectInput
      source={source}
      label={label}
      choices={locales.map((l) => ({ id: l, name: l }))}
      emptyText="console.posts.list.any"
      translateChoice={false}
    />
  );
};

const OptionFilterInput = ({
  source,
  label,
  kind,
}: {
  source: string;
  label: string;
  kind: 'types' | 'statuses';
  alwaysOn?: boolean;
}) => {
  const { data } = usePostOptions();
  const statusLabel = usePostStatusLabel();
  const choices =
    kind === 'types'
      ? (data?.types ?? []).map((t) => ({ id: t, name: typeLabel(t) }))
      : (data?.statuses ?? []).map((s) => ({ id: s.id, name: statusLabel(s.id) }));
  return (
    <SelectInput
      source={source}
      label={label}
      choices={choices}
      emptyText="console.posts.list.any"
      translateChoice={false}
    />
  );
};

const filters = [
  <SearchField key="q" source="q" alwaysOn placeholder="console.posts.list.search" />,
  <ReferenceInput
    key="websiteId"
    source="websiteId"
    reference="websites"
    sort={{ field: 'name', order: 'ASC' }}
    alwaysOn
  >
    <SelectInput
      optionText="name"
      label="resources.posts.fields.websiteId"
      emptyText="console.posts.list.allWebsites"
      sx={{ minWidth: 200 }}
    />
  </ReferenceInput>,
  <LocaleFilterInput key="locale" source="locale" label="resources.posts.fields.locale" />,
  <MemberFilterInput key="writerId" source="writerId" label="resources.posts.fields.writerId" />,
  <MemberFilterInput key="editorId" source="editorId" label="resources.posts.fields.editorId" />,
  <TextInput key="category" source="category" label="resources.posts.fields.category" />,
  <OptionFilterInput key="type" source="type" label="resources.posts.fields.type" kind="types" />,
  <OptionFilterInput key="status" source="status" label="resources.posts.fields.status" kind="statuses" />,
  <DateInput key="dueDate_gte" source="dueDate_gte" label="resources.posts.fields.dueDate_gte" />,
  <DateInput key="dueDate_lte" source="dueDate_lte" label="resources.posts.fields.dueDate_lte" />,
  <DateInput key="quotaDate_gte" source="quotaDate_gte" label="resources.posts.fields.quotaDate_gte" />,
  <DateInput key="quotaDate_lte" source="quotaDate_lte" label="resources.posts.fields.quotaDate_lte" />,
];

const ListActions = ({ canCreate }: { canCreate: boolean }) => {
  const { filterValues } = useListContext();
  const { data: websites } = useGetList<Website>('websites', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  const website = (websites ?? []).find((w) => w.id === filterValues.websiteId);
  return (
    <TopToolbar sx={{ alignItems: 'center' }}>
      <FilterButton />
      <WorkflowDiagramButton
        stages={website ? stagesOf(website) : undefined}
        websiteName={website?.name}
        regulated={website?.regulated}
      />
      {canCreate ? <CreateButton label="console.posts.list.create" variant="contained" /> : null}
    </TopToolbar>
  );
};

/** The pre-publication stages a website uses (as the API's `stages`). */
const stagesOf = (website: Website) => [
  'Writer',
  'Edit',
  ...(website.secondEdit ? ['SecondEdit'] : []),
  ...(website.customerReview ? ['Review'] : []),
  ...['FactCheck', 'SecondFactCheck', 'ThirdFactCheck', 'FourthFactCheck'].slice(
    0,
    Math.max(0, Math.min(4, website.factCheckLevels ?? 0)),
  ),
];

const CountChip = ({ value, active }: { value: number | undefined; active: boolean }) => (
  <Chip
    size="small"
    label={value ?? '…'}
    color={active ? 'primary' : 'default'}
    sx={{ ml: 0.75, height: 20, minWidth: 24, fontWeight: 600, '& .MuiChip-label': { px: 0.75 } }}
  />
);

/**
 * The CMS Articles tabs with their counts (`GET /api/posts/counts` for the chosen website); the
 * fact-check tabs show only the levels that website uses (all four with no website chosen).
 */
const PostTabs = ({
  tab,
  tabs,
  onChange,
  view,
  onView,
}: {
  tab: PostTab;
  tabs: PostTab[];
  onChange: (tab: PostTab) => void;
  view: AllPostsView;
  onView: (view: AllPostsView) => void;
}) => {
  const { filterValues, setPage, onUnselectItems } = useListContext();
  const translate = useTranslate();
  const websiteId = (filterValues.websiteId as Identifier | undefined) ?? null;
  const counts = usePostCounts(websiteId);
  const { data: websites } = useGetList<Website>('websites', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  const website = (websites ?? []).find((w) => w.id === websiteId);
  const levels = websiteId ? (website?.factCheckLevels ?? 4) : 4;
  const shown = tabs
    .map((value) => TABS.find((t) => t.value === value)!)
    .filter((t) => !t.factCheckLevel || t.factCheckLevel <= levels);
  const current = shown.some((t) => t.value === tab) ? tab : (shown[0]?.value ?? 'all');
  const countKey = (value: PostTab) => value;

  const change = (next: PostTab) => {
    onUnselectItems();
    setPage(1);
    onChange(next);
  };
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Tabs
        value={current}
        onChange={(_, next: PostTab) => change(next)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={translate('console.posts.list.tabs')}
        sx={{
          minHeight: 44,
          '& .MuiTab-root': { minHeight: 44, minWidth: 0, px: 1.5, textTransform: 'none', fontSize: 14 },
        }}
      >
        {shown.map((t) => (
          <Tab
            key={t.value}
            value={t.value}
            data-tab={t.value}
            label={
              <Tooltip title={translate(`console.posts.tabs.${t.value}.hint`)} enterDelay={600}>
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center' }}>
                  {translate(`console.posts.tabs.${t.value}.label`)}
                  <CountChip value={counts.data?.[countKey(t.value)]} active={t.value === current} />
                </Box>
              </Tooltip>
            }
          />
        ))}
      </Tabs>
      {current === 'all' ? (
        <Box sx={{ px: 2, py: 1 }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            onChange={(_, next: AllPostsView | null) => {
              if (!next) return;
              onUnselectItems();
              setPage(1);
              onView(next);
            }}
            aria-label={translate('console.posts.list.whichPosts')}
          >
            <ToggleButton value="all" data-view="all" sx={{ textTransform: 'none' }}>
              {translate('console.posts.list.everyPost')} <CountChip value={counts.data?.all} active={view === 'all'} />
            </ToggleButton>
            <ToggleButton value="unpublished" data-view="unpublished" sx={{ textTransform: 'none' }}>
              {translate('console.posts.list.unpublished')}{' '}
              <CountChip value={counts.data?.unpublished} active={view === 'unpublished'} />
            </ToggleButton>
            <ToggleButton value="archived" data-view="archived" sx={{ textTransform: 'none' }}>
              {translate('console.posts.list.archived')}{' '}
              <CountChip value={counts.data?.archived} active={view === 'archived'} />
            </ToggleButton>
          </ToggleButtonGroup>
        </Box>
      ) : null}
    </Box>
  );
};

/** A tab without posts; with a search or a filter set (the website aside), says the filters hide them. */
const Empty = ({ tab }: { tab: PostTab }) => {
  const { filterValues, setFilters } = useListContext();
  const translate = useTranslate();
  const narrowed = Object.keys(filterValues).some(
    (key) => key !== 'websiteId' && filterValues[key] !== '' && filterValues[key] != null,
  );
  return (
    <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }} data-empty={tab}>
      <ArticleOutlinedIcon sx={{ fontSize: 56, opacity: 0.4 }} />
      {narrowed ? (
        <>
          <Typography sx={{ mt: 1 }}>{translate('console.posts.list.noMatch')}</Typography>
          <Button
            size="small"
            sx={{ mt: 1 }}
            onClick={() => setFilters(filterValues.websiteId ? { websiteId: filterValues.websiteId } : {}, {})}
          >
            {translate('console.posts.list.clearFilters')}
          </Button>
        </>
      ) : (
        <>
          <Typography sx={{ mt: 1 }}>{translate('console.posts.list.emptyTab')}</Typography>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {translate(`console.posts.tabs.${tab}.empty`)}
          </Typography>
        </>
      )}
    </Box>
  );
};

const Column = DataTable.Col<Post>;
const nowrap = () => ({ whiteSpace: 'nowrap' as const });

/** The console's one day format (common/dates.ts). */
const dateOnly = (value: string | null | undefined) => (value ? formatDay(value) : '—');

/** The posts table of the current tab. */
const PostTable = ({ tab }: { tab: PostTab }) => {
  const translate = useTranslate();
  return (
    <DataTable
      rowClick="edit"
      bulkActionButtons={<BulkPostActions storeKey={LIST_STORE_KEY} />}
      empty={<Empty tab={tab} />}
      sx={{
        '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
        '& .MuiTableCell-head': { whiteSpace: 'nowrap' },
        '& .MuiTableCell-root': { py: 0.75, px: 1 },
        '& .MuiTableCell-paddingCheckbox': { pl: 1 },
      }}
    >
      <Column
        source="title"
        render={(post) => (
          <Box sx={{ minWidth: 180, maxWidth: 380 }}>
            <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
              {post.title}
            </Typography>
            {post.subtitle ? (
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ display: '-webkit-box', WebkitLineClamp: 1, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
              >
                {post.subtitle}
              </Typography>
            ) : null}
          </Box>
        )}
      />
      <Column source="status" render={(post) => <PostStatusChip record={post} />} cellSx={nowrap} />
      <Column
        source="holder"
        disableSort
        render={(post) =>
          post.holder ? (
            post.holder.name
          ) : ['Published', 'Deleted', 'Archived'].includes(post.status) ? (
            '—'
          ) : (
            <Typography variant="body2" component="span" color="text.secondary" sx={{ fontStyle: 'italic' }}>
              {translate('console.posts.list.inThePool')}
            </Typography>
          )
        }
        cellSx={nowrap}
      />
      <Column source="writer" disableSort render={(post) => post.writer?.name ?? '—'} cellSx={nowrap} />
      <Column source="websiteId" disableSort cellSx={nowrap}>
        <WebsiteAndLocale />
      </Column>
      <Column source="type" render={(post) => typeLabel(post.type)} cellSx={nowrap} />
      <Column source="dueDate" label="console.posts.list.due" render={(post) => post.dueDate ?? '—'} cellSx={nowrap} />
      <Column source="words" align="right" />
      <Column source="updatedAt" render={(post) => dateOnly(post.updatedAt)} cellSx={nowrap} />
    </DataTable>
  );
};

/**
 * The posts of the current tab on a phone: the title, the stage in words, and where it is, who
 * holds it and when it is due; a row opens the post like the table's.
 */
const PostSmallList = ({ tab }: { tab: PostTab }) => {
  const translate = useTranslate();
  const statusLabel = usePostStatusLabel();
  const { data: websites } = useGetList<Website>('websites', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  const websiteName = (id: Identifier) => websites?.find((w) => w.id === id)?.name;
  const holder = (post: Post) =>
    post.holder?.name ??
    (['Published', 'Deleted', 'Archived'].includes(post.status) ? null : translate('console.posts.list.inThePool'));
  return (
    <SmallList<Post>
      name={(post) => post.title}
      status={(post) => post.statusLabel || statusLabel(post.status)}
      secondary={(post) =>
        dotted(
          websiteName(post.websiteId) && `${websiteName(post.websiteId)} (${post.locale})`,
          holder(post),
          post.dueDate && `${translate('console.posts.list.due')} ${formatDay(post.dueDate)}`,
        )
      }
      rowClick="edit"
      empty={<Empty tab={tab} />}
    />
  );
};

/** "Demo Shop · en" */
const WebsiteAndLocale = () => {
  const post = useRecordContext<Post>();
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'baseline' }}>
      <ReferenceField source="websiteId" reference="websites" link={false} />
      <Typography component="span" variant="body2" color="text.secondary">
        · {post?.locale}
      </Typography>
    </Box>
  );
};

/**
 * The CMS Articles screen: the spec's tabs above one table (page size 100), filters, sorts and
 * bulk actions. `routeTab` comes from the role navigation's entries (Your Posts, In Progress,
 * Review, Published); picking another tab there moves to the posts list.
 */
export const PostList = ({ routeTab }: { routeTab?: PostTab }) => {
  const { creator, isPending } = useIsCreator();
  const mayCreate = useCanCreate('posts');
  const [storedTab, setStoredTab] = useStore<PostTab | null>(TAB_STORE_KEY, null);
  const [view, setView] = useStore<AllPostsView>(VIEW_STORE_KEY, 'all');
  const navigate = useNavigate();
  const translate = useTranslate();
  const tabs = creator ? CREATOR_TABS : EDITOR_TABS;
  const fallback: PostTab = creator ? 'your-posts' : 'in-progress';
  const wanted = routeTab ?? storedTab ?? fallback;
  const tab = tabs.includes(wanted) ? wanted : fallback;

  useEffect(() => {
    if (routeTab) setStoredTab(routeTab);
  }, [routeTab, setStoredTab]);

  const filter = useMemo(() => tabFilter(tab, view), [tab, view]);
  const change = (next: PostTab) => {
    setStoredTab(next);
    // A tab with a menu entry of its own is that entry's page (the menu lights it); the others
    // are the posts list, where the menu lights the entry of the tab (PostMenu.postMenuEntry).
    if (next === routeTab) return;
    if (ROUTED_TABS.has(next)) navigate(`/${next}`);
    else if (routeTab) navigate(`/${POSTS}`);
  };
  const label = TABS.some((t) => t.value === tab)
    ? translate(`console.posts.tabs.${tab}.label`)
    : translate('console.posts.list.posts');
  const [summary, setSummary] = useState<BulkSummary | null>(null);
  const small = useSmallScreen();
  if (isPending) return null;
  return (
    <BulkSummaryContext.Provider value={setSummary}>
      <Title title={translate('console.posts.list.title', { tab: label })} />
      <List<Post>
        error={<ListError />}
        queryOptions={INLINE_ERRORS}
        resource={POSTS}
        title={false}
        storeKey={LIST_STORE_KEY}
        disableSyncWithLocation
        filter={filter}
        filters={filters}
        actions={<ListActions canCreate={mayCreate} />}
        perPage={PAGE_SIZE}
        sort={{ field: 'updatedAt', order: 'DESC' }}
        empty={false}
        pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
        // The layout grows to its content's width: contain the tabs and the table (both scroll
        // sideways on narrow screens) instead of widening the page.
        sx={{ '& .RaList-main': { mt: 1 }, '& .RaList-content': { minWidth: 0, contain: 'inline-size' } }}
      >
        <PostTabs tab={tab} tabs={tabs} onChange={change} view={view} onView={setView} />
        {small ? <PostSmallList tab={tab} /> : <PostTable tab={tab} />}
      </List>
      <BulkSummaryDialog summary={summary} onClose={() => setSummary(null)} />
    </BulkSummaryContext.Provider>
  );
};
