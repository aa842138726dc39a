import LanguageIcon from '@mui/icons-material/Language';
import { useMediaQuery, type Theme } from '@mui/material';
import {
  DataTable,
  DateField,
  List,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  SimpleList,
  UrlField,
} from 'react-admin';
import { SearchField } from '../common/SearchField';
import { EmptyState } from '../common/EmptyState';
import { StatusChip } from '../common/StatusChip';
import type { Website } from '../types';

const filters = [
  <SearchField key="q" source="q" alwaysOn placeholder="console.websites.search" />,
  <SelectInput
    key="status"
    source="status"
    choices={[
      { id: 'active', name: 'console.websites.statuses.active' },
      { id: 'inactive', name: 'console.websites.statuses.inactive' },
    ]}
  />,
  <ReferenceInput key="organisationId" source="organisationId" reference="organisations" label="resources.websites.fields.organisationId">
    <SelectInput optionText="name" label="resources.websites.fields.organisationId" />
  </ReferenceInput>,
];

const Column = DataTable.Col<Website>;

export const WebsiteList = () => {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <List
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      empty={
        <EmptyState
          title="console.websites.empty.title"
          text="console.websites.empty.text"
          icon={<LanguageIcon />}
        />
      }
    >
      {small ? (
        <SimpleList<Website>
          primaryText={(record) => record.name}
          secondaryText={(record) => record.url}
          tertiaryText={(record) => record.status}
          linkType="show"
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
            <DateField source="createdAt" />
          </Column>
        </DataTable>
      )}
    </List>
  );
};
