import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import { useMediaQuery, type Theme } from '@mui/material';
import {
  CreateButton,
  FilterButton,
  List,
  ReferenceInput,
  SelectInput,
  SimpleList,
  TopToolbar,
} from 'react-admin';
import { SearchField } from '../common/SearchField';
import { EmptyState } from '../common/EmptyState';
import type { Member } from '../types';
import { MemberTable } from './MemberTable';
import { MemberStatusInput } from './roles';

const filters = [
  <SearchField key="q" source="q" alwaysOn placeholder="console.members.search" />,
  <MemberStatusInput key="status" source="status" />,
  <ReferenceInput key="organisationId" source="organisationId" reference="organisations" label="resources.members.fields.organisationId">
    <SelectInput optionText="name" label="resources.members.fields.organisationId" />
  </ReferenceInput>,
];

const ListActions = () => (
  <TopToolbar>
    <FilterButton />
    <CreateButton label="console.members.invite" />
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
          title="console.members.empty.title"
          text="console.members.empty.text"
          icon={<GroupOutlinedIcon />}
          createLabel="console.members.invite"
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
