import { INLINE_ERRORS, ListError } from '../common/ListError';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import { FilterButton, List, ReferenceInput, SelectInput, TopToolbar } from 'react-admin';
import { CreateIfAllowed } from '../common/CreateIfAllowed';
import { SearchField } from '../common/SearchField';
import { EmptyState } from '../common/EmptyState';
import { MemberTable } from './MemberTable';
import { MemberStatusInput } from './roles';

const filters = [
  <SearchField key="q" source="q" alwaysOn placeholder="console.members.search" />,
  <MemberStatusInput key="status" source="status" />,
  <ReferenceInput
    key="organisationId"
    source="organisationId"
    reference="organisations"
    label="resources.members.fields.organisationId"
  >
    <SelectInput optionText="name" label="resources.members.fields.organisationId" />
  </ReferenceInput>,
];

const ListActions = () => (
  <TopToolbar>
    <FilterButton />
    <CreateIfAllowed label="console.members.invite" />
  </TopToolbar>
);

export const MemberList = () => {
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
          title="console.members.empty.title"
          text="console.members.empty.text"
          icon={<GroupOutlinedIcon />}
          createLabel="console.members.invite"
        />
      }
    >
      <MemberTable showOrganisation />
    </List>
  );
};
