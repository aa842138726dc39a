import { useState, type ReactElement, type ReactNode } from 'react';
import {
  DataTable,
  List,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  TopToolbar,
  useRecordContext,
  useResourceContext,
  type SelectInputProps,
} from 'react-admin';
import { Typography } from '@mui/material';
import { NoMatches } from '../audit/NoMatches';
import { CreateIfAllowed } from '../common/CreateIfAllowed';
import { MomentField } from '../common/DateFields';
import { EmptyState } from '../common/EmptyState';
import { INLINE_ERRORS, ListError, PaginationUnlessFailed } from '../common/ListError';
import { SearchField } from '../common/SearchField';
import { SmallList, useSmallScreen } from '../common/SmallList';
import { CroBulkActions, CroBulkSummaryContext, CroBulkSummaryDialog, type CroBulkSummary } from './CroBulkActions';
import { CroStatusChip } from './CroStatusChip';
import { useCroOptions, type CroRecord } from './types';

function StatusFilter(props: Omit<SelectInputProps, 'choices'>) {
  const resource = useResourceContext();
  return <SelectInput {...props} choices={useCroOptions(resource ?? '').statuses} />;
}

const filters = [
  <SearchField key="q" source="q" alwaysOn placeholder="console.cro.search" />,
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
  <StatusFilter key="status" source="status" label="console.cro.fields.status" emptyText="console.cro.any" alwaysOn />,
];

const Actions = () => {
  const resource = useResourceContext();
  return (
    <TopToolbar>
      <CreateIfAllowed label={`console.cro.${resource}.create`} variant="contained" />
    </TopToolbar>
  );
};

const Name = (_props: { label?: string }) => {
  const record = useRecordContext<CroRecord>();
  return record ? (
    <Typography variant="body2" sx={{ fontWeight: 500 }} data-name>
      {record.name}
    </Typography>
  ) : null;
};

const Column = DataTable.Col<CroRecord>;

/**
 * A CRO resource's list (`GET /api/{resource}`): the website picker, a search and the status
 * filter; name, website, the resource's own `columns`, status (its label) and last change; on a
 * phone `SmallList` (name, status, `secondary`). `above` sits over the table (the CTAs' tabs);
 * `narrow` narrows the page's rows (a tab the API cannot filter by). The resource's bulk actions
 * (`GET /api/{resource}/options` `bulk`: the names `POST /api/{resource}/bulk-actions` takes, each
 * with the action `allowedActions` names) make the rows selectable, with those buttons and a dialog
 * of the results per record.
 */
export const CroList = ({
  icon,
  columns,
  secondary,
  above,
  children,
}: {
  icon: ReactElement;
  columns?: ReactNode;
  secondary?: (record: CroRecord) => ReactNode;
  above?: ReactNode;
  /** Wraps the table (e.g. a list context that narrows the rows); the table by default. */
  children?: (table: ReactElement) => ReactNode;
}) => {
  const resource = useResourceContext() ?? '';
  const small = useSmallScreen('md');
  const noMatches = <NoMatches text="console.cro.noMatches" />;
  const [summary, setSummary] = useState<CroBulkSummary | null>(null);
  const { bulk } = useCroOptions(resource);
  const table = small ? (
    <SmallList<CroRecord>
      name={(record) => record.name}
      status={(record) => record.statusLabel ?? record.status}
      secondary={secondary}
      rowClick="edit"
      empty={noMatches}
    />
  ) : (
    <DataTable
      rowClick="edit"
      bulkActionButtons={bulk.length ? <CroBulkActions bulk={bulk} /> : false}
      empty={noMatches}
    >
      <Column source="name" label="console.cro.fields.name">
        <Name />
      </Column>
      <Column source="websiteId" label="console.cro.fields.websiteId">
        <ReferenceField source="websiteId" reference="websites" link={false} />
      </Column>
      {columns}
      <Column source="status" label="console.cro.fields.status">
        <CroStatusChip />
      </Column>
      <Column source="updatedAt" label="console.cro.fields.updatedAt">
        <MomentField source="updatedAt" />
      </Column>
    </DataTable>
  );
  const list = (
    <List
      error={<ListError />}
      queryOptions={INLINE_ERRORS}
      title={`resources.${resource}.name`}
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'updatedAt', order: 'DESC' }}
      perPage={50}
      pagination={<PaginationUnlessFailed />}
      empty={
        <EmptyState
          title={`console.cro.${resource}.emptyTitle`}
          text={`console.cro.${resource}.emptyText`}
          icon={icon}
          createLabel={`console.cro.${resource}.create`}
        />
      }
    >
      {above}
      {children ? children(table) : table}
    </List>
  );
  if (!bulk.length) return list;
  return (
    <CroBulkSummaryContext.Provider value={setSummary}>
      {list}
      <CroBulkSummaryDialog summary={summary} bulk={bulk} onClose={() => setSummary(null)} />
    </CroBulkSummaryContext.Provider>
  );
};
