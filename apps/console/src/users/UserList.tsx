import PeopleIcon from '@mui/icons-material/People';
import { Chip } from '@mui/material';
import { DataTable, DateField, List, useTranslate } from 'react-admin';
import { SearchField } from '../common/SearchField';
import { humanize } from '../common/choices';
import { AdminOnly } from '../common/AdminOnly';
import { EmptyState } from '../common/EmptyState';
import type { ConsoleUser } from '../types';
import { LoginAsButton } from './LoginAsButton';

const Column = DataTable.Col<ConsoleUser>;

const filters = [<SearchField key="q" source="q" alwaysOn placeholder="console.users.search" />];

export const UserList = () => {
  const translate = useTranslate();
  return (
    <AdminOnly title="resources.users.name" text="console.users.adminOnly">
      <List<ConsoleUser>
        title="resources.users.name"
        filters={filters}
        sort={{ field: 'name', order: 'ASC' }}
        exporter={false}
        empty={<EmptyState title="console.users.empty.title" text="console.users.empty.text" icon={<PeopleIcon />} create={false} />}
      >
        <DataTable rowClick={false} bulkActionButtons={false}>
          <Column source="name" sx={{ fontWeight: 500 }} />
          <Column source="email" />
          <Column
            source="role"
            render={(record) => (
              <>
                {humanize(record.role)}
                {record.platformAdmin && <Chip label={translate('console.users.platformAdmin')} size="small" sx={{ ml: 1 }} />}
              </>
            )}
          />
          <Column source="createdAt">
            <DateField source="createdAt" showTime options={{ dateStyle: 'medium', timeStyle: 'short' }} sx={{ whiteSpace: 'nowrap' }} />
          </Column>
          <Column label="" align="right" disableSort render={() => <LoginAsButton />} />
        </DataTable>
      </List>
    </AdminOnly>
  );
};
