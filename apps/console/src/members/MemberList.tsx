import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import { useMediaQuery, type Theme } from '@mui/material';
import {
  CreateButton,
  FilterButton,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
} from 'react-admin';
import { EmptyState } from '../common/EmptyState';
import type { Member } from '../types';
import { MemberTable } from './MemberTable';
import { statusChoices } from './roles';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search name or email" />,
  <SelectInput key="status" source="status" choices={statusChoices} />,
  <ReferenceInput key="organisationId" source="organisationId" reference="organisations" label="Organisation">
    <SelectInput optionText="name" label="Organisation" />
  </ReferenceInput>,
];

const ListActions = () => (
  <TopToolbar>
    <FilterButton />
    <CreateButton label="Invite member" />
  </TopToolbar>
);


export const MemberList = () => {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <List
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      empty={
        <EmptyState
          title="No members yet"
          text="Invite the people who write, edit and review for your organisation. They get an email with a link to join."
          icon={<GroupOutlinedIcon />}
          createLabel="Invite member"
        />
      }
    >
      {small ? (
        <SimpleList<Member>
          primaryText={(record) => record.name}
          secondaryText={(record) => record.email}
          tertiaryText={(record) => record.statusLabel}
          linkType="show"
        />
      ) : (
        <MemberTable showOrganisation />
      )}
    </List>
  );
};
