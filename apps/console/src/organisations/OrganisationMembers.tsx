import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import { Box, Button, Stack, Typography } from '@mui/material';
import { Link, ReferenceManyField, useRecordContext } from 'react-admin';
import { MemberTable } from '../members/MemberTable';

/** Organisation settings → Members: who belongs, their roles, invitations; invite and change roles from here. */
export const OrganisationMembers = () => {
  const organisation = useRecordContext<{ id: string; allowedActions?: string[] }>();
  if (!organisation) return null;
  // Owners and admins invite (the member workflow's Invite); on the organisation that is who may Update it.
  const manages = organisation.allowedActions?.includes('Update') ?? false;
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
        <MemberTable empty={<Typography variant="body2">No members yet: invite the people who write, edit and review.</Typography>} />
      </ReferenceManyField>
    </Stack>
  );
};
