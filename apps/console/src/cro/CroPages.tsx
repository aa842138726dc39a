import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import {
  Create,
  DeleteButton,
  Edit,
  ListButton,
  Loading,
  SaveButton,
  Toolbar,
  TopToolbar,
  useGetList,
  useGetOne,
  useNotify,
  useRecordContext,
  useRedirect,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { History } from '../common/History';
import type { Website } from '../types';
import { CroActionButtons } from './CroActionButtons';
import { CroStatusChip } from './CroStatusChip';
import { toCreate, toUpdate } from './payload';
import type { CroRecord } from './types';

export const may = (record: CroRecord | undefined, action: string) => Boolean(record?.allowedActions?.includes(action));

/** `mutationOptions.onError`: the API's message as the notification; react-admin puts its `errors` under the inputs. */
const onApiError = (notify: ReturnType<typeof useNotify>) => (error: unknown) => {
  const e = error as { message?: string; body?: { message?: string } };
  notify(e?.body?.message || e?.message || 'console.cro.notices.saveFailed', { type: 'error', multiLine: true });
};

const Title = () => {
  const record = useRecordContext<CroRecord>();
  const resource = useResourceContext();
  const translate = useTranslate();
  const kind = translate(`console.cro.kinds.${resource}`);
  return <span>{record ? translate('console.cro.title', { kind, name: record.name }) : kind}</span>;
};

/** Name, status and website: the record at a glance. */
export const CroHeader = ({ children }: { children?: ReactNode }) => {
  const record = useRecordContext<CroRecord>();
  const { data: website } = useGetOne<Website>(
    'websites',
    { id: record?.websiteId ?? '' },
    { enabled: Boolean(record?.websiteId) },
  );
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ width: '100%', mb: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {record.name}
        </Typography>
        <CroStatusChip />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {website?.name}
      </Typography>
      {!may(record, 'Update') ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          {translate('console.cro.readOnly')}
        </Alert>
      ) : null}
      {children}
    </Box>
  );
};

/**
 * Save, the workflow buttons (the API's, off while there are unsaved changes; `except` those another
 * control of the page takes), and Delete after a confirmation.
 */
export const CroToolbar = ({
  except,
  choose,
}: {
  except?: readonly string[];
  choose?: Parameters<typeof CroActionButtons>[0]['choose'];
}) => {
  const record = useRecordContext<CroRecord>();
  const resource = useResourceContext() ?? '';
  const { isDirty } = useFormState();
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
      {may(record, 'Update') ? <SaveButton label="console.cro.save" /> : null}
      <CroActionButtons resource={resource} record={record} except={except} dirty={isDirty} choose={choose} />
      {isDirty ? (
        <Typography variant="caption" color="warning.dark">
          {translate('console.cro.unsaved')}
        </Typography>
      ) : null}
      <Box sx={{ flex: 1 }} />
      {may(record, 'Delete') ? (
        <DeleteButton
          mutationMode="pessimistic"
          confirmTitle="console.cro.deleteTitle"
          confirmContent="console.cro.deleteText"
          translateOptions={{ name: record.name }}
          mutationOptions={{
            onSuccess: () => {
              notify('console.cro.notices.deleted', { type: 'success' });
              redirect('list', resource);
            },
            onError: onApiError(notify),
          }}
        />
      ) : null}
    </Toolbar>
  );
};

const HistoryCard = () => {
  const translate = useTranslate();
  return (
    <Card
      sx={{
        width: { xs: '100%', lg: 320 },
        flexShrink: 0,
        ml: { lg: 2 },
        mt: { xs: 2, lg: 0 },
        alignSelf: 'flex-start',
      }}
    >
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {translate('console.cro.history')}
        </Typography>
        <History />
      </CardContent>
    </Card>
  );
};

const Actions = () => {
  const resource = useResourceContext();
  return (
    <TopToolbar>
      <ListButton label={`resources.${resource}.name`} icon={<ArrowBackIcon />} />
    </TopToolbar>
  );
};

/**
 * A CRO record's page: `form` (given its toolbar) in a pessimistic edit (the API's field errors
 * show under the inputs), the record's history beside it.
 */
export const CroEdit = ({
  form,
  prepare = (data) => data,
}: {
  form: ReactElement;
  prepare?: (data: Record<string, unknown>) => Record<string, unknown>;
}) => {
  const notify = useNotify();
  return (
    <Edit<CroRecord>
      title={<Title />}
      mutationMode="pessimistic"
      redirect={false}
      transform={(data: Record<string, unknown>, options?: { previousData?: Record<string, unknown> }) =>
        toUpdate(prepare(data), { previousData: options?.previousData ? prepare(options.previousData) : undefined })
      }
      actions={<Actions />}
      aside={<HistoryCard />}
      mutationOptions={{
        onSuccess: () => notify('console.cro.notices.saved', { type: 'success' }),
        onError: onApiError(notify),
      }}
      sx={{ '& .RaEdit-main': { flexDirection: { xs: 'column', lg: 'row' } } }}
    >
      {form}
    </Edit>
  );
};

/** The create toolbar: one button. */
export const CreateToolbar = () => (
  <Toolbar>
    <SaveButton label="console.cro.create" />
  </Toolbar>
);

/**
 * A new CRO record: `form(defaults)` with the website chosen when the user has only one (or the
 * list's filter names one: `?websiteId=`); after saving, its page opens.
 */
export const CroCreate = ({
  form,
  defaults = {},
  prepare = (data) => data,
}: {
  form: (defaults: Record<string, unknown>) => ReactElement;
  defaults?: Record<string, unknown>;
  prepare?: (data: Record<string, unknown>) => Record<string, unknown>;
}) => {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext() ?? '';
  const {
    data: websites,
    total,
    isPending,
  } = useGetList<Website>('websites', { pagination: { page: 1, perPage: 2 }, sort: { field: 'name', order: 'ASC' } });
  if (isPending) return <Loading />;
  const websiteId =
    new URLSearchParams(window.location.search).get('websiteId') ?? (total === 1 ? websites?.[0]?.id : undefined);
  return (
    <Create<CroRecord>
      title={`console.cro.${resource}.create`}
      transform={(data: Record<string, unknown>) => toCreate(prepare(data))}
      mutationOptions={{
        onSuccess: (record: CroRecord) => {
          notify('console.cro.notices.created', { type: 'success' });
          redirect('edit', resource, record.id);
        },
        onError: onApiError(notify),
      }}
    >
      {form({ ...defaults, ...(websiteId ? { websiteId } : {}) })}
    </Create>
  );
};
