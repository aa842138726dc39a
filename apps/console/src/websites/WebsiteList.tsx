import LanguageIcon from '@mui/icons-material/Language';
import { useMediaQuery, type Theme } from '@mui/material';
import {
  DataTable,
  DateField,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  UrlField,
} from 'react-admin';
import { EmptyState } from '../common/EmptyState';
import { StatusChip } from '../common/StatusChip';
import type { Website } from '../types';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search websites" />,
  <SelectInput
    key="status"
    source="status"
    choices={[
      { id: 'active', name: 'Active' },
      { id: 'inactive', name: 'Inactive' },
    ]}
  />,
  <ReferenceInput key="organisationId" source="organisationId" reference="organisations" label="Organisation">
    <SelectInput optionText="name" label="Organisation" />
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
          title="No websites yet"
          text="Add the site you want to manage content and conversions for."
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
          <Column source="url" label="URL" field={UrlField} />
          <Column source="domain" />
          <Column source="status">
            <StatusChip />
          </Column>
          <Column source="organisationId" label="Organisation">
            <ReferenceField source="organisationId" reference="organisations" link={false} />
          </Column>
          <Column source="createdAt" label="Created">
            <DateField source="createdAt" />
          </Column>
        </DataTable>
      )}
    </List>
  );
};
