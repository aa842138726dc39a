import { INLINE_ERRORS, ListError } from '../common/ListError';
import BusinessIcon from '@mui/icons-material/Business';
import { DataTable, List, TextArrayField, TopToolbar, FilterButton, UrlField } from 'react-admin';
import { CreateIfAllowed } from '../common/CreateIfAllowed';
import { SearchField } from '../common/SearchField';
import { EmptyState } from '../common/EmptyState';
import { dotted, SmallList, useSmallScreen } from '../common/SmallList';
import type { Organisation } from '../types';
import { DayField } from '../common/DateFields';

const filters = [<SearchField key="q" source="q" alwaysOn placeholder="console.organisations.search" />];

/** The list's buttons: Create only when the API would accept it. */
const ListActions = () => (
  <TopToolbar>
    <FilterButton />
    <CreateIfAllowed />
  </TopToolbar>
);

const Column = DataTable.Col<Organisation>;

export const OrganisationList = () => {
  const small = useSmallScreen();
  return (
    <List
      error={<ListError />}
      queryOptions={INLINE_ERRORS}
      filters={filters}
      actions={<ListActions />}
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
        <SmallList<Organisation>
          name={(record) => record.name}
          secondary={(record) => dotted(record.country, record.timezone)}
          rowClick="show"
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
            <DayField source="createdAt" />
          </Column>
        </DataTable>
      )}
    </List>
  );
};
