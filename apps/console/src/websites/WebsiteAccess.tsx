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
  useTranslate,
  type Identifier,
} from 'react-admin';
import { SmallList, useSmallScreen } from '../common/SmallList';
import { humanize } from '../common/choices';
import { MemberStatusChip } from '../members/MemberStatusChip';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import type { Member } from '../types';
import type { WebsiteSettings } from './settings';

/** Owners and admins of an organisation have access to all its websites. */
const hasAllWebsites = (member: Member) => member.orgRole === 'owner' || member.orgRole === 'admin';

const errorMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'console.websites.access.removeFailed';

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
  const translate = useTranslate();
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
      notify('console.websites.access.removed', { type: 'success' });
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
      title={
        confirming
          ? translate('console.websites.access.removeTitle', {
              name: confirming.name,
              website: website?.name ?? translate('console.websites.access.thisWebsite'),
            })
          : ''
      }
      content="console.websites.access.removeText"
      confirm="console.websites.access.remove"
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
  const translate = useTranslate();
  if (!member) return null;
  const allowed = member.allowedActions ?? [];
  const canChange = allowed.includes('ChangeAccess');
  const canRemove = !readOnly && (allowed.includes('RemoveFromWebsite') || canChange);
  // Icon buttons named by their action (aria-label) with the name in a tooltip, as in the Members list.
  return (
    <Box sx={{ display: 'flex', flexWrap: 'nowrap', justifyContent: 'flex-end', gap: 0.5 }}>
      {canChange ? (
        <Tooltip title={translate('console.websites.access.changeRole')}>
          <IconButton
            component={Link}
            to={createPath({ resource: 'members', id: member.id, type: 'edit' })}
            aria-label={translate('console.websites.access.changeRole')}
            size="small"
            color="primary"
          >
            <ManageAccountsOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
      {canRemove ? (
        <Tooltip title={translate('console.websites.access.removeFromWebsite')}>
          <span>
            <IconButton
              aria-label={translate('console.websites.access.removeFromWebsite')}
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
  const translate = useTranslate();
  const small = useSmallScreen();
  const role = (value: string | undefined) => (value ? humanize(value) : '—');

  if (error) {
    return (
      <Alert severity="error">
        {translate('console.websites.access.loadFailed', { message: translate(errorMessage(error)) })}
      </Alert>
    );
  }
  if (isPending) return <LinearProgress sx={{ my: 2, width: 240 }} />;
  const onlyAdmins = withAccess.every(hasAllWebsites);

  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('console.websites.access.intro')}
        {readOnly && websiteId != null ? (
          <>
            {translate('console.websites.access.toRemove')}
            <Link to={createPath({ resource: 'websites', id: websiteId, type: 'show' }) + '/roles'}>
              {translate('console.websites.access.websitePage')}
            </Link>
            .
          </>
        ) : null}
      </Typography>
      <ResourceContextProvider value="members">
        <ListContextProvider value={listContext}>
          {small ? (
            <SmallList<Member>
              name={(member) => member.name || member.email}
              status={(member) =>
                translate(
                  hasAllWebsites(member) ? 'console.websites.access.allWebsites' : 'console.websites.access.thisOne',
                )
              }
              secondary={(member) =>
                [member.orgRole, member.cmsRole, member.croRole]
                  .filter((r) => r && r !== 'none')
                  .map(role)
                  .join(' · ') || member.email
              }
              action={() => <RowActions readOnly={readOnly} busy={running !== null} onRemove={ask} />}
              rowClick={false}
            />
          ) : (
            <DataTable
              rowClick={false}
              bulkActionButtons={false}
              aria-label={translate('console.websites.access.members')}
              sx={{ '& .MuiTableCell-root': { whiteSpace: 'nowrap' } }}
            >
              <Column source="name" disableSort />
              <Column source="email" disableSort />
              <Column source="status" disableSort>
                <MemberStatusChip />
              </Column>
              <Column
                source="orgRole"
                label="console.websites.access.orgRole"
                disableSort
                render={(member) => role(member.orgRole)}
              />
              <Column
                source="cmsRole"
                label="console.websites.access.cmsRole"
                disableSort
                render={(member) => role(member.cmsRole)}
              />
              <Column
                source="croRole"
                label="console.websites.access.croRole"
                disableSort
                render={(member) => role(member.croRole)}
              />
              <Column
                source="websiteIds"
                label="console.websites.access.access"
                disableSort
                render={(member) =>
                  translate(
                    hasAllWebsites(member) ? 'console.websites.access.allWebsites' : 'console.websites.access.thisOne',
                  )
                }
              />
              <Column source="actions" label="" disableSort cellSx={() => ({ py: 0.5 })}>
                <RowActions readOnly={readOnly} busy={running !== null} onRemove={ask} />
              </Column>
            </DataTable>
          )}
        </ListContextProvider>
      </ResourceContextProvider>
      {onlyAdmins ? (
        <Alert
          severity="info"
          sx={{ mt: 2 }}
          action={
            <Button
              component={Link}
              label="console.websites.access.openMembers"
              to="/members"
              sx={{ whiteSpace: 'nowrap' }}
            />
          }
        >
          {translate('console.websites.access.onlyAdmins')}
        </Alert>
      ) : null}
      {readOnly ? null : confirmDialog}
    </Box>
  );
};
