import SyncIcon from '@mui/icons-material/Sync';
import { Alert, Box, Button, Typography } from '@mui/material';
import {
  DataTable,
  DateField,
  List,
  Loading,
  Title,
  TopToolbar,
  useListContext,
  usePermissions,
  useTranslate,
} from 'react-admin';
import { humanize } from '../common/choices';
import { EmptyState } from '../common/EmptyState';
import { dotted, SmallList, useSmallScreen } from '../common/SmallList';
import { StatusChip } from '../common/StatusChip';
import type { ConsolePermissions, Projection } from '../types';
import { ProjectionActionButtons, ProjectionActionsProvider } from './ProjectionActionButtons';

/** How often the list asks again while it is open (lag and runner states change on their own). */
const REFRESH_MS = 3_000;
/** Slower while the API answers errors. */
const REFRESH_AFTER_ERROR_MS = 10_000;

const Column = DataTable.Col<Projection>;

/** A failed projection's row, faintly tinted with the error colour. */
const FAILED_ROW = { backgroundColor: 'rgba(211, 47, 47, 0.05)' };

const Dash = () => (
  <Box component="span" sx={{ color: 'text.disabled' }}>
    —
  </Box>
);

const Runner = ({ record }: { record: Projection }) => {
  const translate = useTranslate();
  return record.runner ? (
    <Box
      component="span"
      data-runner={record.runner}
      sx={{
        color: record.runner === 'failed' ? 'error.main' : record.runner === 'live' ? 'success.dark' : 'text.primary',
      }}
    >
      {humanize(record.runner)}
    </Box>
  ) : (
    <Box component="span" sx={{ color: 'text.disabled' }} title={translate('console.projections.notRunHere')}>
      —
    </Box>
  );
};

const Lag = ({ record }: { record: Projection }) => (
  <Box
    component="span"
    data-lag={record.lag}
    sx={{ fontVariantNumeric: 'tabular-nums', ...(record.lag > 0 ? { color: 'warning.dark', fontWeight: 600 } : {}) }}
  >
    {record.lag.toLocaleString()}
  </Box>
);

const Position = ({ record }: { record: Projection }) =>
  record.position == null ? (
    <Dash />
  ) : (
    <Box component="span" sx={{ fontFamily: 'monospace', fontSize: 13 }}>
      {record.position}
    </Box>
  );

const ErrorText = ({ record }: { record: Projection }) =>
  record.error ? (
    <Typography
      component="span"
      data-error
      sx={{
        display: 'block',
        minWidth: 180,
        maxWidth: 480,
        color: 'error.main',
        fontFamily: 'monospace',
        fontSize: 12,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      {record.error}
    </Typography>
  ) : null;

const ListActions = () => {
  const { error } = useListContext<Projection>();
  const translate = useTranslate();
  return (
    <TopToolbar sx={{ alignItems: 'center' }}>
      <Typography variant="caption" color="text.secondary">
        {error
          ? translate('console.projections.retrying', { seconds: REFRESH_AFTER_ERROR_MS / 1000 })
          : translate('console.projections.refreshing', { seconds: REFRESH_MS / 1000 })}
      </Typography>
    </TopToolbar>
  );
};

/** Replaces the table when the list cannot be loaded; the list keeps retrying on its own. */
const ProjectionsError = () => {
  const { error, refetch } = useListContext<Projection>();
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      sx={{ m: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => void refetch()}>
          {translate('console.projections.retry')}
        </Button>
      }
    >
      {error?.message
        ? translate('console.projections.loadFailedWith', { message: error.message })
        : translate('console.projections.loadFailed')}
    </Alert>
  );
};

/**
 * A projection on a phone: its name, its state, where it stands (kind, runner, lag) and its error;
 * Rebuild and Restart at the row's end.
 */
const ProjectionSmallList = () => {
  const translate = useTranslate();
  return (
    <SmallList<Projection>
      name={(record) => record.name}
      status={(record) => humanize(record.status)}
      secondary={(record) => (
        <>
          {dotted(
            humanize(record.kind),
            record.runner && humanize(record.runner),
            translate('resources.admin/projections.fields.lag') + ' ' + record.lag.toLocaleString(),
          )}
          <ErrorText record={record} />
        </>
      )}
      action={() => <ProjectionActionButtons />}
      rowClick={false}
      rowSx={(record) => (record.status === 'failed' ? FAILED_ROW : {})}
    />
  );
};

/** The API ignores sort, range and filter: one fixed list, unsorted columns, no pagination. */
const ProjectionTable = ({ small }: { small: boolean }) => (
  <List<Projection>
    title="resources.admin/projections.name"
    resource="admin/projections"
    actions={<ListActions />}
    pagination={false}
    perPage={100}
    exporter={false}
    disableSyncWithLocation
    queryOptions={{
      refetchInterval: (query) => (query.state.status === 'error' ? REFRESH_AFTER_ERROR_MS : REFRESH_MS),
      // Shown in the list itself (ProjectionsError), not as a notification every few seconds.
      onError: () => undefined,
    }}
    error={<ProjectionsError />}
    empty={
      <EmptyState
        title="console.projections.empty.title"
        text="console.projections.empty.text"
        icon={<SyncIcon />}
        create={false}
      />
    }
  >
    {small ? (
      <ProjectionSmallList />
    ) : (
      <DataTable
        rowClick={false}
        bulkActionButtons={false}
        // Nine columns: a little less padding than the default keeps a failed row's error within 1280 px.
        sx={{ '& .MuiTableCell-sizeSmall': { px: 1.5 } }}
        rowSx={(record) => (record.status === 'failed' ? FAILED_ROW : {})}
      >
        <Column source="name" disableSort sx={{ fontWeight: 500 }} />
        <Column source="kind" disableSort render={(record) => humanize(record.kind)} />
        <Column source="status" disableSort>
          <StatusChip />
        </Column>
        <Column source="runner" disableSort render={(record) => <Runner record={record} />} />
        <Column source="position" disableSort render={(record) => <Position record={record} />} />
        <Column source="lag" disableSort align="right" render={(record) => <Lag record={record} />} />
        <Column source="updatedAt" disableSort>
          <DateField
            source="updatedAt"
            showTime
            options={{ dateStyle: 'short', timeStyle: 'medium' }}
            emptyText="—"
            sx={{ whiteSpace: 'nowrap' }}
          />
        </Column>
        <Column source="error" disableSort render={(record) => <ErrorText record={record} />} />
        <Column label="" disableSort align="right" render={() => <ProjectionActionButtons />} />
      </DataTable>
    )}
  </List>
);

/** Platform administrators only: others get an explanation instead of a 403 from the API. */
export const ProjectionList = () => {
  const { permissions, isPending } = usePermissions<ConsolePermissions | null>();
  const translate = useTranslate();
  const small = useSmallScreen();
  if (isPending) return <Loading />;
  if (!permissions?.platformAdmin) {
    return (
      <Box sx={{ mt: 2 }}>
        <Title title="resources.admin/projections.name" />
        <Alert severity="warning">{translate('console.projections.adminOnly')}</Alert>
      </Box>
    );
  }
  return (
    <ProjectionActionsProvider>
      <ProjectionTable small={small} />
    </ProjectionActionsProvider>
  );
};
