import { List, ResourceContextProvider } from 'react-admin';
import { SearchField } from '../common/SearchField';
import { SmallList, useSmallScreen } from '../common/SmallList';
import type { Member } from '../types';
import { LoginAsMemberButton } from './LoginAsMemberButton';
import { MemberTable } from './MemberTable';
import { INLINE_ERRORS, ListError } from '../common/ListError';

/** Only active members can be logged in as. */
const ACTIVE = { status: 'accepted' };
const filters = [<SearchField key="q" source="q" alwaysOn placeholder="console.members.search" />];

/**
 * `/login-as`, the owners' "Log in as" entry (seed 000 section 2): the active members of their
 * organisations, each with its "Log in as" button. A page of its own, so that the menu's entry
 * leads somewhere Members does not and only one of them is highlighted.
 */
export const LoginAsList = () => {
  const small = useSmallScreen();
  return (
    <ResourceContextProvider value="members">
      <List
        error={<ListError />}
        queryOptions={INLINE_ERRORS}
        resource="members"
        filter={ACTIVE}
        filters={filters}
        title="console.layout.menu.loginAs"
        sort={{ field: 'name', order: 'ASC' }}
        perPage={25}
        disableSyncWithLocation
        storeKey="members.loginAs"
        actions={false}
      >
        {small ? (
          <SmallList<Member>
            name={(record) => record.name || record.email}
            status={(record) => record.statusLabel}
            secondary={(record) => record.email}
            action={() => <LoginAsMemberButton compact />}
            // The row holds a button: not a link as well (the page is there to log in as someone).
            rowClick={false}
          />
        ) : (
          <MemberTable showOrganisation />
        )}
      </List>
    </ResourceContextProvider>
  );
};
