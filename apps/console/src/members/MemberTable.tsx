import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { DataTable, ReferenceField } from 'react-admin';
import { SmallList, useSmallScreen } from '../common/SmallList';
import { humanize } from '../common/choices';
import type { Member } from '../types';
import { EditIfChangeAccess } from './EditIfChangeAccess';
import { LastActiveField } from './LastActiveField';
import { LoginAsMemberButton } from './LoginAsMemberButton';
import { MemberActionButtons } from './MemberActionButtons';
import { MemberStatusChip } from './MemberStatusChip';

const Column = DataTable.Col<Member>;
const role = (value: string | undefined) => (value ? humanize(value) : '—');

/**
 * The members table of the Members screen and of an organisation's Members tab: name, email,
 * status, roles, last active, posts, and the row's actions (workflow, log in as, edit). On a phone,
 * the console's simple list: name, status in words, email; the row opens the member.
 */
export const MemberTable = ({ showOrganisation = false, empty }: { showOrganisation?: boolean; empty?: ReactNode }) => {
  const small = useSmallScreen();
  if (small) return <MemberSmallList empty={empty} />;
  return <MemberDataTable showOrganisation={showOrganisation} empty={empty} />;
};

/** Members on a phone (the Members screen and an organisation's Members tab alike). */
export const MemberSmallList = ({ empty }: { empty?: ReactNode }) => (
  <SmallList<Member>
    name={(record) => record.name || record.email}
    status={(record) => record.statusLabel}
    secondary={(record) => record.email}
    rowClick="show"
    empty={empty}
  />
);

const MemberDataTable = ({ showOrganisation = false, empty }: { showOrganisation?: boolean; empty?: ReactNode }) => (
  <DataTable
    rowClick="show"
    bulkActionButtons={false}
    empty={empty}
    sx={{ '& .MuiTableCell-head, & .column-name, & .column-email, & .column-status': { whiteSpace: 'nowrap' } }}
  >
    <Column source="name" />
    <Column source="email" />
    <Column source="status">
      <MemberStatusChip />
    </Column>
    {showOrganisation && (
      <Column source="organisationId" disableSort>
        <ReferenceField source="organisationId" reference="organisations" link={false} />
      </Column>
    )}
    <Column
      source="orgRole"
      label="console.members.orgRoleShort"
      disableSort
      render={(record) => role(record.orgRole)}
    />
    <Column source="cmsRole" disableSort render={(record) => role(record.cmsRole)} />
    <Column source="croRole" disableSort render={(record) => role(record.croRole)} />
    <Column source="lastActive" disableSort>
      <LastActiveField />
    </Column>
    <Column source="posts" align="right" disableSort />
    <Column label="" disableSort cellSx={() => ({ py: 0.5 })}>
      <Box sx={{ display: 'flex', flexWrap: 'nowrap', alignItems: 'center', justifyContent: 'flex-end' }}>
        <MemberActionButtons compact />
        <LoginAsMemberButton compact />
        <EditIfChangeAccess compact />
      </Box>
    </Column>
  </DataTable>
);
