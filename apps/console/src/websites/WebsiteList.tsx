import { INLINE_ERRORS, ListError } from '../common/ListError';
import LanguageIcon from '@mui/icons-material/Language';
import {
  DataTable,
  FilterButton,
  TopToolbar,
  List,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  UrlField,
  type SelectInputProps,
} from 'react-admin';
import { CreateIfAllowed } from '../common/CreateIfAllowed';
import { SearchField } from '../common/SearchField';
import { EmptyState } from '../common/EmptyState';
import { StatusChip } from '../common/StatusChip';
import { SmallList, useSmallScreen } from '../common/SmallList';
import type { Website } from '../types';
import { useWebsiteOptions } from './useWebsiteOptions';
import { DayField } from '../common/DateFields';

/** The status filter, its choices and labels from `GET /api/websites/options`. */
const WebsiteStatusInput = (props: Omit<SelectInputProps, 'choices'>) => {
  const options = useWebsiteOptions();
  return <SelectInput {...props} choices={options?.statuses ?? []} />;
};

const filters = [
  <SearchField key="q" source="q" alwaysOn placeholder="console.websites.search" />,
  <WebsiteStatusInput key="status" source="status" />,
  <ReferenceInput
    key="organisationId"
    source="organisationId"
    reference="organisations"
    label="resources.websites.fields.organisationId"
  >
    <SelectInput optionText="name" label="resources.websites.fields.organisationId" />
  </ReferenceInput>,
];

/** The list's buttons: Create only when the API would accept it. */
const ListActions = () => (
  <TopToolbar>
    <FilterButton />
    <CreateIfAllowed />
  </TopToolbar>
);

const Column = DataTable.Col<Website>;

export const WebsiteList = () => {
  const small = useSmallScreen();
  const options = useWebsiteOptions();
  const statusLabel = (status: string) => options?.statuses?.find((s) => s.id === status)?.name ?? status;
  return (
    <List
      error={<ListError />}
      queryOptions={INLINE_ERRORS}
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      empty={
        <EmptyState title="console.websites.empty.title" text="console.websites.empty.text" icon={<LanguageIcon />} />
      }
    >
      {small ? (
        <SmallList<Website>
          name={(record) => record.name}
          status={(record) => statusLabel(record.status)}
          secondary={(record) => record.domain || record.url}
          rowClick="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false}>
          <Column source="name" />
          <Column source="url" field={UrlField} />
          <Column source="domain" />
          <Column source="status">
            <StatusChip />
          </Column>
          <Column source="organisationId">
            <ReferenceField source="organisationId" reference="organisations" link={false} />
          </Column>
          <Column source="createdAt">
            <DayField source="createdAt" website />
          </Column>
        </DataTable>
      )}
    </List>
  );
};
