import { INLINE_ERRORS, ListError } from '../common/ListError';
import AltRouteIcon from '@mui/icons-material/AltRoute';
import { Box, Chip, Tooltip, Typography } from '@mui/material';
import { CreateIfAllowed } from '../common/CreateIfAllowed';
import {
  DataTable,
  List,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { SearchField } from '../common/SearchField';
import { NoMatches } from '../audit/NoMatches';
import { EmptyState } from '../common/EmptyState';
import { dotted, SmallList, useSmallScreen } from '../common/SmallList';
import { AutomaticChip } from './AutomaticChip';
import { useRedirectTypes, type RedirectRule } from './types';
import { MomentField } from '../common/DateFields';

const filters = [
  <SearchField key="q" source="q" alwaysOn placeholder="console.redirects.search" />,
  <ReferenceInput
    key="websiteId"
    source="websiteId"
    reference="websites"
    sort={{ field: 'name', order: 'ASC' }}
    alwaysOn
  >
    <SelectInput
      optionText="name"
      label="resources.redirect-rules.fields.websiteId"
      emptyText="console.redirects.allWebsites"
    />
  </ReferenceInput>,
  <SelectInput
    key="automatic"
    source="automatic"
    label="resources.redirect-rules.fields.automatic"
    emptyText="console.redirects.any"
    choices={[
      { id: 'true', name: 'console.redirects.automatic' },
      { id: 'false', name: 'console.redirects.manual' },
    ]}
    alwaysOn
  />,
];

const Actions = () => (
  <TopToolbar>
    <CreateIfAllowed label="console.redirects.create" />
  </TopToolbar>
);

const Path = ({ source }: { source: 'fromPath' | 'toPath'; label?: string }) => {
  const record = useRecordContext<RedirectRule>();
  return (
    <Typography
      variant="body2"
      component="span"
      sx={{ fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere' }}
    >
      {record?.[source] ?? ''}
    </Typography>
  );
};

const TypeChip = (_props: { label?: string }) => {
  const record = useRecordContext<RedirectRule>();
  const types = useRedirectTypes();
  if (!record) return null;
  return (
    <Tooltip title={types.label(record.type)}>
      <Chip size="small" variant="outlined" label={record.type} />
    </Tooltip>
  );
};

const Count = ({ source }: { source: 'userCounter' | 'botCounter'; label?: string }) => {
  const record = useRecordContext<RedirectRule>();
  return (
    <Box component="span" data-counter={source} sx={{ fontVariantNumeric: 'tabular-nums' }}>
      {(record?.[source] ?? 0).toLocaleString()}
    </Box>
  );
};

const Column = DataTable.Col<RedirectRule>;

/** Redirect rules (`GET /api/redirect-rules`): the website's old addresses and where they lead. */
export const RedirectRuleList = () => {
  const small = useSmallScreen('md');
  const translate = useTranslate();
  return (
    <List
      error={<ListError />}
      queryOptions={INLINE_ERRORS}
      title="resources.redirect-rules.name"
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'updatedAt', order: 'DESC' }}
      perPage={50}
      empty={
        <EmptyState
          title="console.redirects.empty.title"
          text="console.redirects.empty.text"
          icon={<AltRouteIcon />}
          createLabel="console.redirects.create"
        />
      }
    >
      {small ? (
        <SmallList<RedirectRule>
          name={(record) => `${record.fromPath} → ${record.toPath}`}
          status={(record) => translate(record.automatic ? 'console.redirects.automatic' : 'console.redirects.manual')}
          secondary={(record) =>
            dotted(record.type, translate('console.redirects.visits', { count: record.userCounter }))
          }
          rowClick="edit"
          empty={<NoMatches text="console.redirects.noMatches" />}
        />
      ) : (
        <DataTable
          rowClick="edit"
          bulkActionButtons={false}
          empty={<NoMatches text="console.redirects.noMatches" />}
          sx={{ '& .MuiTableCell-head': { whiteSpace: 'nowrap' } }}
        >
          <Column source="websiteId">
            <ReferenceField source="websiteId" reference="websites" link={false} />
          </Column>
          <Column source="fromPath">
            <Path source="fromPath" />
          </Column>
          <Column source="toPath">
            <Path source="toPath" />
          </Column>
          <Column source="type" disableSort>
            <TypeChip />
          </Column>
          <Column source="automatic">
            <AutomaticChip />
          </Column>
          <Column source="userCounter" disableSort align="right">
            <Count source="userCounter" />
          </Column>
          <Column source="botCounter" disableSort align="right">
            <Count source="botCounter" />
          </Column>
          <Column source="lastRedirect" disableSort>
            <MomentField source="lastRedirect" emptyText={translate('console.redirects.never')} />
          </Column>
          <Column source="updatedAt">
            <MomentField source="updatedAt" />
          </Column>
        </DataTable>
      )}
    </List>
  );
};
