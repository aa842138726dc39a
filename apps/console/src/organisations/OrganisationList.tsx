import BusinessIcon from '@mui/icons-material/Business';
import { useMediaQuery, type Theme } from '@mui/material';
import { DataTable, DateField, List, SimpleList, TextArrayField, UrlField } from 'react-admin';
import { SearchField } from '../common/SearchField';
import { EmptyState } from '../common/EmptyState';
import type { Organisation } from '../types';

const filters = [<SearchField key="q" source="q" alwaysOn placeholder="console.organisations.search" />];

const Column = DataTable.Col<Organisation>;

export const OrganisationList = () => {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <List
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      empty={
        <EmptyState
          title="console.organisations.empty.title"
          text="console.organisations.empty.text"
          icon={<BusinessIcon />}
        />
      }
    >
      {small ? (
        <SimpleList<Organisation>
          primaryText={(record) => record.name}
          secondaryText={(record) => [record.country, record.timezone].filter(Boolean).join(' · ')}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false}>
          <Column source="name" />
          <Column source="website" field={UrlField} disableSort />
          <Column source="country" />
          <Column source="locales" disableSort>
            <TextArrayField source="locales" />
          </Column>
          <Column source="timezone" />
          <Column source="createdAt">
            <DateField source="createdAt" />
          </Column>
        </DataTable>
      )}
    </List>
  );
};
