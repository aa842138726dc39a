import AltRouteIcon from '@mui/icons-material/AltRoute';
import { Box, Chip, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  CreateButton,
  DataTable,
  DateField,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { NoMatches } from '../audit/NoMatches';
import { EmptyState } from '../common/EmptyState';
import { AutomaticChip } from './AutomaticChip';
import { typeLabel, type RedirectRule } from './types';
import { DATE_TIME } from '../common/historyText';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search paths" />,
  <ReferenceInput key="websiteId" source="websiteId" reference="websites" sort={{ field: 'name', order: 'ASC' }} alwaysOn>
    <SelectInput optionText="name" label="Website" emptyText="All websites" />
  </ReferenceInput>,
  <SelectInput
    key="automatic"
    source="automatic"
    label="Origin"
    emptyText="Any"
    choices={[
      { id: 'true', name: 'Automatic' },
      { id: 'false', name: 'Manual' },
    ]}
    alwaysOn
  />,
];

const Actions = () => (
  <TopToolbar>
    <CreateButton label="New redirect" />
  </TopToolbar>
);

const Path = ({ source }: { source: 'fromPath' | 'toPath'; label?: string }) => {
  const record = useRecordContext<RedirectRule>();
  return (
    <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere' }}>
      {record?.[source] ?? ''}
    </Typography>
  );
};

const TypeChip = (_props: { label?: string }) => {
  const record = useRecordContext<RedirectRule>();
  if (!record) return null;
  return (
    <Tooltip title={typeLabel(record.type)}>
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
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      title="Redirects"
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'updatedAt', order: 'DESC' }}
      perPage={50}
      empty={
        <EmptyState
          title="No redirects yet"
          text="Send visitors of an old address to its new one. Redirects are also made automatically when a published post's address changes."
          icon={<AltRouteIcon />}
          createLabel="New redirect"
        />
      }
    >
      {small ? (
        <SimpleList<RedirectRule>
          primaryText={(record) => `${record.fromPath} → ${record.toPath}`}
          secondaryText={(record) => `${record.type} · ${record.automatic ? 'Automatic' : 'Manual'}`}
          tertiaryText={(record) => `${record.userCounter} visits`}
          linkType="edit"
        />
      ) : (
        <DataTable
          rowClick="edit"
          bulkActionButtons={false}
          empty={<NoMatches text="No redirects match these filters." />}
          sx={{ '& .MuiTableCell-head': { whiteSpace: 'nowrap' } }}>
          <Column source="websiteId" label="Website">
            <ReferenceField source="websiteId" reference="websites" link={false} />
          </Column>
          <Column source="fromPath" label="From">
            <Path source="fromPath" />
          </Column>
          <Column source="toPath" label="To">
            <Path source="toPath" />
          </Column>
          <Column source="type" label="Type" disableSort>
            <TypeChip />
          </Column>
          <Column source="automatic" label="Origin">
            <AutomaticChip />
          </Column>
          <Column source="userCounter" label="Visitors" disableSort align="right">
            <Count source="userCounter" />
          </Column>
          <Column source="botCounter" label="Bots" disableSort align="right">
            <Count source="botCounter" />
          </Column>
          <Column source="lastRedirect" label="Last redirect" disableSort>
            <DateField source="lastRedirect" showTime options={DATE_TIME} emptyText="Never" />
          </Column>
          <Column source="updatedAt" label="Updated">
            <DateField source="updatedAt" showTime options={DATE_TIME} />
          </Column>
        </DataTable>
      )}
    </List>
  );
};
