import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import { Box, Button, Stack, Typography } from '@mui/material';
import { Link, ReferenceManyField, useRecordContext, useTranslate } from 'react-admin';
import { MemberTable } from '../members/MemberTable';

/** Organisation settings → Members: who belongs, their roles, invitations; invite and change roles from here. */
export const OrganisationMembers = () => {
  const organisation = useRecordContext<{ id: string; allowedActions?: string[] }>();
  const translate = useTranslate();
  if (!organisation) return null;
  // Owners and admins invite (the member workflow's Invite); on the organisation that is who may Update it.
  const manages = organisation.allowedActions?.includes('Update') ?? false;
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="body2" color="text.secondary">
          {translate('console.organisations.members.intro')}
        </Typography>
        {manages && (
          <Button
            component={Link}
            to={`/members/create?source=${encodeURIComponent(JSON.stringify({ organisationId: organisation.id }))}`}
            startIcon={<PersonAddAlt1Icon />}
            variant="contained"
            size="small"
          >
            {translate('console.organisations.members.invite')}
          </Button>
        )}
      </Box>
      <ReferenceManyField
        reference="members"
        target="organisationId"
        label={false}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={100}
      >
        <MemberTable
          empty={<Typography variant="body2">{translate('console.organisations.members.none')}</Typography>}
        />
      </ReferenceManyField>
    </Stack>
  );
};
