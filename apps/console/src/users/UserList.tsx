import PeopleIcon from '@mui/icons-material/People';
import { Chip } from '@mui/material';
import { DataTable, List, useGetList, useListContext, useTranslate } from 'react-admin';
import { SearchField } from '../common/SearchField';
import { humanize } from '../common/choices';
import { AdminOnly } from '../common/AdminOnly';
import { EmptyState } from '../common/EmptyState';
import { SmallList, useSmallScreen } from '../common/SmallList';
import type { ConsoleUser, Member } from '../types';
import { LoginAsButton } from './LoginAsButton';
import { MomentField } from '../common/DateFields';
import { INLINE_ERRORS, ListError } from '../common/ListError';

const Column = DataTable.Col<ConsoleUser>;

/**
 * The CMS roles of a user's member records, labelled as the Members screen labels them: one
 * request for the page's users (every row asks with the same key, react-query sends it once).
 * A user with no member record (a platform administrator) shows their own role.
 */
const CmsRoles = ({ user }: { user: ConsoleUser }) => {
  const { data: users = [] } = useListContext<ConsoleUser>();
  const { data: members, isPending } = useGetList<Member>(
    'members',
    {
      filter: { userId: users.map((u) => u.id) },
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'id', order: 'ASC' },
    },
    { enabled: users.length > 0 },
  );
  if (isPending) return null;
  const roles = [
    ...new Set((members ?? []).filter((m) => m.userId === user.id && m.cmsRole).map((m) => humanize(m.cmsRole))),
  ];
  return <>{roles.length ? roles.join(', ') : humanize(user.role)}</>;
};

const filters = [<SearchField key="q" source="q" alwaysOn placeholder="console.users.search" />];

/** The user's CMS role, and "Platform administrator" beside it when they are one. */
const Role = ({ user }: { user: ConsoleUser }) => {
  const translate = useTranslate();
  return (
    <>
      <CmsRoles user={user} />
      {user.platformAdmin && <Chip label={translate('console.users.platformAdmin')} size="small" sx={{ ml: 1 }} />}
    </>
  );
};

export const UserList = () => {
  const small = useSmallScreen();
  return (
    <AdminOnly title="resources.users.name" text="console.users.adminOnly">
      <List<ConsoleUser>
        error={<ListError />}
        queryOptions={INLINE_ERRORS}
        title="resources.users.name"
        filters={filters}
        sort={{ field: 'name', order: 'ASC' }}
        exporter={false}
        empty={
          <EmptyState
            title="console.users.empty.title"
            text="console.users.empty.text"
            icon={<PeopleIcon />}
            create={false}
          />
        }
      >
        {small ? (
          <SmallList<ConsoleUser>
            name={(user) => user.name}
            status={(user) => <Role user={user} />}
            secondary={(user) => user.email}
            action={() => <LoginAsButton />}
            rowClick={false}
          />
        ) : (
          <DataTable rowClick={false} bulkActionButtons={false}>
            <Column source="name" sx={{ fontWeight: 500 }} />
            <Column source="email" />
            <Column
              source="role"
              label="resources.members.fields.cmsRole"
              disableSort
              render={(record) => <Role user={record} />}
            />
            <Column source="createdAt">
              <MomentField source="createdAt" />
            </Column>
            <Column label="" align="right" disableSort render={() => <LoginAsButton />} />
          </DataTable>
        )}
      </List>
    </AdminOnly>
  );
};
