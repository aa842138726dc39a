import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DoNotDisturbOnOutlinedIcon from '@mui/icons-material/DoNotDisturbOnOutlined';
import { Box, Typography } from '@mui/material';
import {
  Create,
  DataTable,
  DeleteButton,
  List,
  ListButton,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextInput,
  TopToolbar,
  required,
  useGetList,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { NoMatches } from '../audit/NoMatches';
import { CreateIfAllowed } from '../common/CreateIfAllowed';
import { MomentField } from '../common/DateFields';
import { EmptyState } from '../common/EmptyState';
import { INLINE_ERRORS, ListError, PaginationUnlessFailed } from '../common/ListError';
import { SearchField } from '../common/SearchField';
import type { Member } from '../types';
import { NONE } from './format';

interface ExcludedPage {
  id: string;
  websiteId: string;
  urlRule: string;
  note?: string | null;
  createdAt: string;
  createdBy?: string | { id?: string; name?: string | null } | null;
  createdByName?: string | null;
  allowedActions?: string[];
}

const Column = DataTable.Col<ExcludedPage>;

const filters = [
  <SearchField key="q" source="q" alwaysOn placeholder="console.analytics.excluded.search" />,
  <ReferenceInput
    key="websiteId"
    source="websiteId"
    reference="websites"
    sort={{ field: 'name', order: 'ASC' }}
    alwaysOn
  >
    <SelectInput
      optionText="name"
      label="console.cro.fields.websiteId"
      emptyText="console.cro.allWebsites"
      sx={{ minWidth: 180 }}
    />
  </ReferenceInput>,
];

const UrlRule = (_props: { label?: string }) => {
  const record = useRecordContext<ExcludedPage>();
  return (
    <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }} data-url-rule>
      {record?.urlRule}
    </Typography>
  );
};

const Note = (_props: { label?: string }) => {
  const record = useRecordContext<ExcludedPage>();
  return <>{record?.note ? record.note : NONE}</>;
};

/** Who added the rule: the record's name for them, else the member of that user id, else "–". */
const AddedBy = ({ people }: { label?: string; people: Map<string, string> }) => {
  const record = useRecordContext<ExcludedPage>();
  if (!record) return null;
  const by = record.createdBy;
  const name =
    record.createdByName ??
    (by && typeof by === 'object'
      ? (by.name ?? (by.id ? people.get(by.id) : undefined))
      : typeof by === 'string'
        ? people.get(by)
        : undefined);
  return (
    <Box component="span" data-added-by sx={{ whiteSpace: 'nowrap' }}>
      {name ?? NONE}
    </Box>
  );
};

const Remove = (_props: { label?: string }) => {
  const record = useRecordContext<ExcludedPage>();
  const notify = useNotify();
  if (!record?.allowedActions?.includes('Delete')) return null;
  return (
    <DeleteButton
      mutationMode="pessimistic"
      confirmTitle="console.analytics.excluded.deleteTitle"
      confirmContent="console.analytics.excluded.deleteText"
      translateOptions={{ rule: record.urlRule }}
      redirect={false}
      mutationOptions={{
        onSuccess: () => notify('console.analytics.excluded.deleted', { type: 'success' }),
        onError: (e: unknown) =>
          notify(e instanceof Error ? e.message : 'console.analytics.loadFailed', { type: 'error' }),
      }}
    />
  );
};

const Actions = () => (
  <TopToolbar>
    <CreateIfAllowed label="console.analytics.excluded.create" variant="contained" />
  </TopToolbar>
);

/**
 * The pages excluded from journey tracking (seed 001: "A separate screen lists pages excluded from
 * journey tracking"; "Excluded page rule: URL rule, date added, added by"): `GET /api/excluded-pages`.
 */
export const ExcludedPageList = () => {
  const translate = useTranslate();
  // Names of the people who added rules (members the viewer may read; others show as "–").
  const { data: members } = useGetList<Member>(
    'members',
    { pagination: { page: 1, perPage: 500 } },
    { retry: false, onError: () => undefined },
  );
  const people = new Map((members ?? []).map((m) => [String(m.userId), m.name || m.email]));
  return (
    <List
      error={<ListError />}
      queryOptions={INLINE_ERRORS}
      title="console.analytics.excluded.title"
      filters={filters}
      actions={<Actions />}
      // A removed rule (status deleted) excludes nothing: only the active ones are listed.
      filter={{ status: 'active' }}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={50}
      pagination={<PaginationUnlessFailed />}
      empty={
        <EmptyState
          title="console.analytics.excluded.empty.title"
          text="console.analytics.excluded.empty.text"
          icon={<DoNotDisturbOnOutlinedIcon />}
          createLabel="console.analytics.excluded.create"
        />
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1.5 }}>
        {translate('console.analytics.excluded.text')}
      </Typography>
      <DataTable
        bulkActionButtons={false}
        rowClick={false}
        empty={<NoMatches text="console.analytics.excluded.noMatches" />}
      >
        <Column source="urlRule" label="console.analytics.excluded.urlRule">
          <UrlRule />
        </Column>
        <Column source="websiteId" label="console.cro.fields.websiteId" disableSort>
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            <ReferenceField source="websiteId" reference="websites" link={false} />
          </Box>
        </Column>
        <Column source="note" label="console.analytics.excluded.note" disableSort>
          <Note />
        </Column>
        <Column source="createdAt" label="console.analytics.excluded.dateAdded">
          <MomentField source="createdAt" />
        </Column>
        <Column source="createdBy" label="console.analytics.excluded.addedBy" disableSort>
          <AddedBy people={people} />
        </Column>
        <Column source="actions" label="" disableSort>
          <Remove />
        </Column>
      </DataTable>
    </List>
  );
};

const CreateActions = () => (
  <TopToolbar>
    <ListButton label="console.analytics.excluded.title" icon={<ArrowBackIcon />} />
  </TopToolbar>
);

/** A new rule: the website, the URL (a trailing `*` makes it a prefix), a note. */
export const ExcludedPageCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  const websiteId = new URLSearchParams(window.location.hash.split('?')[1] ?? '').get('websiteId') ?? undefined;
  return (
    <Create
      title="console.analytics.excluded.create"
      actions={<CreateActions />}
      transform={(data: Record<string, unknown>) => ({
        websiteId: data.websiteId,
        urlRule: typeof data.urlRule === 'string' ? data.urlRule.trim() : data.urlRule,
        ...(data.note ? { note: data.note } : {}),
      })}
      mutationOptions={{
        onSuccess: () => {
          notify('console.analytics.excluded.created', { type: 'success' });
          redirect('list', 'excluded-pages');
        },
        onError: (e: unknown) => {
          const error = e as { message?: string; body?: { message?: string } };
          notify(error?.body?.message || error?.message || 'console.analytics.loadFailed', {
            type: 'error',
            multiLine: true,
          });
        },
      }}
    >
      <SimpleForm defaultValues={websiteId ? { websiteId } : undefined} sx={{ maxWidth: 720 }}>
        <ReferenceInput source="websiteId" reference="websites" sort={{ field: 'name', order: 'ASC' }}>
          <SelectInput optionText="name" label="console.cro.fields.websiteId" validate={required()} />
        </ReferenceInput>
        <TextInput
          source="urlRule"
          label="console.analytics.excluded.urlRule"
          validate={required()}
          helperText="console.analytics.excluded.urlRuleHelp"
          placeholder="https://"
        />
        <TextInput source="note" label="console.analytics.excluded.note" multiline minRows={2} helperText={false} />
      </SimpleForm>
    </Create>
  );
};
