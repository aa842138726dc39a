import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import { Alert, Box, IconButton, LinearProgress, Tooltip, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import {
  Button,
  Confirm,
  DataTable,
  Link,
  ListContextProvider,
  ResourceContextProvider,
  useCreatePath,
  useDataProvider,
  useGetList,
  useList,
  useLogoutIfAccessDenied,
  useNotify,
  useRecordContext,
  useRefresh,
  type Identifier,
} from 'react-admin';
import { humanize } from '../common/choices';
import { MemberStatusChip } from '../members/MemberStatusChip';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import type { Member } from '../types';
import type { WebsiteSettings } from './settings';

/** Owners and admins of an organisation have access to all its websites. */
const hasAllWebsites = (member: Member) => member.orgRole === 'owner' || member.orgRole === 'admin';

const role = (value: string | undefined) => (value ? humanize(value) : '—');

const errorMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'The member could not be removed, please try again';

/**
 * `POST /api/members/{id}/actions/RemoveFromWebsite` with `{ websiteId, expectedVersion }` after a
 * confirmation, then a notification and a refresh (as `useWorkflowActions` does for actions
 * without fields).
 */
const useRemoveFromWebsite = (website: WebsiteSettings | undefined) => {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [confirming, setConfirming] = useState<Member | null>(null);
  const [running, setRunning] = useState<Identifier | null>(null);

  const run = async (member: Member) => {
    if (!website) return;
    setRunning(member.id);
    try {
      await dataProvider.action('members', member.id, 'RemoveFromWebsite', {
        websiteId: website.id,
        expectedVersion: member.version,
      });
      notify('Removed from website', { type: 'success' });
      refresh();
    } catch (error) {
      const loggedOut = await logoutIfAccessDenied(error);
      if (!loggedOut) notify(errorMessage(error), { type: 'error' });
      if ((error as { status?: number }).status === 409) refresh();
    } finally {
      setRunning(null);
      setConfirming(null);
    }
  };

  const confirmDialog = (
    <Confirm
      isOpen={confirming !== null}
      loading={running !== null}
      title={confirming ? `Remove ${confirming.name} from ${website?.name ?? 'this website'}?` : ''}
      content="They lose access to this website's content and conversion tools. You can give them access again from Members."
      confirm="Remove"
      confirmColor="warning"
      onConfirm={() => confirming && void run(confirming)}
      onClose={() => setConfirming(null)}
    />
  );

  return { ask: setConfirming, running, confirmDialog };
};

const RowActions = ({
  readOnly,
  busy,
  onRemove,
}: {
  readOnly: boolean;
  busy: boolean;
  onRemove: (member: Member) => void;
}) => {
  const member = useRecordContext<Member>();
  const createPath = useCreatePath();
  if (!member) return null;
  const allowed = member.allowedActions ?? [];
  const canChange = allowed.includes('ChangeAccess');
  const canRemove = !readOnly && (allowed.includes('RemoveFromWebsite') || canChange);
  // Icon buttons named by their action (aria-label) with the name in a tooltip, as in the Members list.
  return (
    <Box sx={{ display: 'flex', flexWrap: 'nowrap', justifyContent: 'flex-end', gap: 0.5 }}>
      {canChange ? (
        <Tooltip title="Change role">
          <IconButton
            component={Link}
            to={createPath({ resource: 'members', id: member.id, type: 'edit' })}
            aria-label="Change role"
            size="small"
            color="primary"
          >
            <ManageAccountsOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
      {canRemove ? (
        <Tooltip title="Remove from website">
          <span>
            <IconButton
              aria-label="Remove from website"
              size="small"
              color="warning"
              disabled={busy}
              onClick={() => onRemove(member)}
            >
              <PersonRemoveOutlinedIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      ) : null}
    </Box>
  );
};

const Column = DataTable.Col<Member>;

/**
 * The website's "Roles and permissions": the organisation's members who have access to it, i.e.
 * its owners and admins (all websites) and the members whose `websiteIds` name it. `readOnly`
 * leaves out the Remove from website buttons (the edit form).
 */
export const WebsiteAccess = ({ readOnly = false }: { label?: string | false; readOnly?: boolean }) => {
  const website = useRecordContext<WebsiteSettings>();
  const organisationId = website?.organisationId;
  const { data, isPending, error } = useGetList<Member>(
    'members',
    {
      filter: { organisationId },
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'name', order: 'ASC' },
    },
    { enabled: organisationId != null },
  );
  const websiteId = website?.id;
  // Declined invitations never had access; the list API has no website filter.
  const withAccess = useMemo(
    () =>
      (data ?? []).filter(
        (member) =>
          member.status !== 'rejected' &&
          (hasAllWebsites(member) || (member.websiteIds ?? []).some((id) => String(id) === String(websiteId))),
      ),
    [data, websiteId],
  );
  const listContext = useList<Member>({ data: withAccess, isPending, resource: 'members' });
  const { ask, running, confirmDialog } = useRemoveFromWebsite(website);
  const createPath = useCreatePath();

  if (error) {
    return <Alert severity="error">The members could not be loaded: {errorMessage(error)}</Alert>;
  }
  if (isPending) return <LinearProgress sx={{ my: 2, width: 240 }} />;
  const onlyAdmins = withAccess.every(hasAllWebsites);

  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Owners and admins of the organisation have access to all its websites. Other members have access to the
        websites they are given.
        {readOnly && websiteId != null ? (
          <>
            {' '}
            To remove someone from this website, open the{' '}
            <Link to={createPath({ resource: 'websites', id: websiteId, type: 'show' }) + '/roles'}>website's page</Link>.
          </>
        ) : null}
      </Typography>
      <ResourceContextProvider value="members">
        <ListContextProvider value={listContext}>
          <DataTable
            rowClick={false}
            bulkActionButtons={false}
            aria-label="Members with access"
            sx={{ '& .MuiTableCell-root': { whiteSpace: 'nowrap' } }}
          >
            <Column source="name" disableSort />
            <Column source="email" disableSort />
            <Column source="status" disableSort>
              <MemberStatusChip />
            </Column>
            <Column source="orgRole" label="Organisation role" disableSort render={(member) => role(member.orgRole)} />
            <Column source="cmsRole" label="CMS role" disableSort render={(member) => role(member.cmsRole)} />
            <Column source="croRole" label="CRO role" disableSort render={(member) => role(member.croRole)} />
            <Column
              source="websiteIds"
              label="Access"
              disableSort
              render={(member) => (hasAllWebsites(member) ? 'All websites' : 'This website')}
            />
            <Column source="actions" label="" disableSort cellSx={() => ({ py: 0.5 })}>
              <RowActions readOnly={readOnly} busy={running !== null} onRemove={ask} />
            </Column>
          </DataTable>
        </ListContextProvider>
      </ResourceContextProvider>
      {onlyAdmins ? (
        <Alert
          severity="info"
          sx={{ mt: 2 }}
          action={<Button component={Link} label="Open Members" to="/members" sx={{ whiteSpace: 'nowrap' }} />}
        >
          Only owners and admins have access to this website. Give members access from Members.
        </Alert>
      ) : null}
      {readOnly ? null : confirmDialog}
    </Box>
  );
};
