import PeopleIcon from '@mui/icons-material/People';
import { Chip } from '@mui/material';
import { DataTable, DateField, List, SearchInput } from 'react-admin';
import { humanize } from '../common/choices';
import { AdminOnly } from '../common/AdminOnly';
import { EmptyState } from '../common/EmptyState';
import type { ConsoleUser } from '../types';
import { LoginAsButton } from './LoginAsButton';

const Column = DataTable.Col<ConsoleUser>;

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search name or email" />];

export const UserList = () => (
  <AdminOnly title="Users" text="Only platform administrators can see the users.">
    <List<ConsoleUser>
      title="Users"
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      exporter={false}
      empty={<EmptyState title="No users" text="Nobody has an account yet." icon={<PeopleIcon />} create={false} />}
    >
      <DataTable rowClick={false} bulkActionButtons={false}>
        <Column source="name" sx={{ fontWeight: 500 }} />
        <Column source="email" />
        <Column
          source="role"
          render={(record) => (
            <>
              {humanize(record.role)}
              {record.platformAdmin && <Chip label="Platform admin" size="small" sx={{ ml: 1 }} />}
            </>
          )}
        />
        <Column source="createdAt" label="Created">
          <DateField source="createdAt" showTime options={{ dateStyle: 'medium', timeStyle: 'short' }} sx={{ whiteSpace: 'nowrap' }} />
        </Column>
        <Column label="" align="right" disableSort render={() => <LoginAsButton />} />
      </DataTable>
    </List>
  </AdminOnly>
);
