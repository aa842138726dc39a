import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import { Box, Button, Stack, Typography } from '@mui/material';
import { DataTable, Link, ReferenceManyField, useRecordContext } from 'react-admin';

import { humanize } from '../common/choices';
import { EditIfChangeAccess } from '../members/EditIfChangeAccess';
import { LastActiveField } from '../members/LastActiveField';
import { LoginAsMemberButton } from '../members/LoginAsMemberButton';
import { MemberActionButtons } from '../members/MemberActionButtons';
import { MemberStatusChip } from '../members/MemberStatusChip';
import type { Member } from '../types';

const Column = DataTable.Col<Member>;
const role = (value: string | undefined) => (value ? humanize(value) : '—');

/** Organisation settings → Members: who belongs, their roles, invitations; invite and change roles from here. */
export const OrganisationMembers = () => {
  const organisation = useRecordContext<{ id: string; allowedActions?: string[] }>();
  if (!organisation) return null;
  const manages = organisation.allowedActions?.includes('AddMember') ?? false;
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="body2" color="text.secondary">
          Owners and admins have access to every website; members work on the websites and locales they were given.
        </Typography>
        {manages && (
          <Button
            component={Link}
            to={`/members/create?source=${encodeURIComponent(JSON.stringify({ organisationId: organisation.id }))}`}
            startIcon={<PersonAddAlt1Icon />}
            variant="contained"
            size="small"
          >
            Invite member
          </Button>
        )}
      </Box>
      <ReferenceManyField reference="members" target="organisationId" label={false} sort={{ field: 'name', order: 'ASC' }} perPage={100}>
        <DataTable rowClick="show" bulkActionButtons={false} empty={<Typography variant="body2">No members yet: invite the people who write, edit and review.</Typography>}>
          <Column source="name" />
          <Column source="email" />
          <Column source="status">
            <MemberStatusChip />
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
      </ReferenceManyField>
    </Stack>
  );
};
