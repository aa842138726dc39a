import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import { Box, useMediaQuery, type Theme } from '@mui/material';
import {
  CreateButton,
  DataTable,
  FilterButton,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
} from 'react-admin';
import { humanize } from '../common/choices';
import { EmptyState } from '../common/EmptyState';
import type { Member } from '../types';
import { EditIfChangeAccess } from './EditIfChangeAccess';
import { LastActiveField } from './LastActiveField';
import { LoginAsMemberButton } from './LoginAsMemberButton';
import { MemberActionButtons } from './MemberActionButtons';
import { MemberStatusChip } from './MemberStatusChip';
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

const Column = DataTable.Col<Member>;
const role = (value: string | undefined) => (value ? humanize(value) : '—');

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
        <DataTable
          rowClick="show"
          bulkActionButtons={false}
          sx={{ '& .MuiTableCell-head, & .column-name, & .column-email, & .column-status': { whiteSpace: 'nowrap' } }}
        >
          <Column source="name" />
          <Column source="email" />
          <Column source="status">
            <MemberStatusChip />
          </Column>
          <Column source="organisationId" label="Organisation" disableSort>
            <ReferenceField source="organisationId" reference="organisations" link={false} />
          </Column>
          <Column source="orgRole" label="Org role" disableSort render={(record) => role(record.orgRole)} />
          <Column source="cmsRole" label="CMS role" disableSort render={(record) => role(record.cmsRole)} />
          <Column source="croRole" label="CRO role" disableSort render={(record) => role(record.croRole)} />
          <Column source="lastActive" label="Last active" disableSort>
            <LastActiveField />
          </Column>
          <Column source="posts" label="Posts" align="right" disableSort />
          <Column label="" disableSort cellSx={() => ({ py: 0.5 })}>
            <Box sx={{ display: 'flex', flexWrap: 'nowrap', alignItems: 'center', justifyContent: 'flex-end' }}>
              <MemberActionButtons compact />
              <LoginAsMemberButton compact />
              <EditIfChangeAccess compact />
            </Box>
          </Column>
        </DataTable>
      )}
    </List>
  );
};
