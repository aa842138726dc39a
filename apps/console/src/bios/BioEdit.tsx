import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useFormState } from 'react-hook-form';
import {
  DeleteButton,
  Edit,
  Link,
  ListButton,
  SaveButton,
  Toolbar,
  TopToolbar,
  useGetOne,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { StatusChip } from '../common/StatusChip';
import type { Website } from '../types';
import { BioActionButtons } from './BioActionButtons';
import { BioAvatar } from './BioAvatar';
import { BioForm } from './BioForm';
import { BioHistory } from './BioHistory';
import { cleanContent, onBioError } from './errors';
import { useSearchValues } from './returnTo';
import { BIOS, useBioOptions, type Bio } from './types';

/**
 * What `PUT /api/bios/{id}` takes: the fields the form changed (so the history names what was
 * edited) and the expected `version`. An emptied slug keeps the old one.
 */
const toUpdate = (data: Record<string, unknown>, options?: { previousData?: Record<string, unknown> }) => {
  const next = cleanContent(data);
  const before = cleanContent(options?.previousData ?? {});
  const changes = Object.fromEntries(
    Object.entries(next).filter(
      ([field, value]) => JSON.stringify(value ?? null) !== JSON.stringify(before[field] ?? null),
    ),
  );
  if (changes.slug == null) delete changes.slug;
  return { ...changes, version: data.version };
};

const may = (record: Bio | undefined, action: string) => Boolean(record?.allowedActions?.includes(action));

const BioTitle = () => {
  const record = useRecordContext<Bio>();
  const translate = useTranslate();
  return (
    <span>
      {record ? translate('console.bios.title', { name: record.displayName }) : translate('console.bios.titleEmpty')}
    </span>
  );
};

/** Photo, name, status, kind and website: the bio at a glance. */
const BioHeader = () => {
  const record = useRecordContext<Bio>();
  const { data: website } = useGetOne<Website>(
    'websites',
    { id: record?.websiteId ?? '' },
    { enabled: Boolean(record?.websiteId) },
  );
  const { kindLabel } = useBioOptions();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', width: '100%', mb: 1 }}>
      <BioAvatar src={record.profilePic} name={record.displayName} size={56} />
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {record.displayName}
          </Typography>
          <StatusChip />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {[kindLabel(record.kind), website?.name, [record.title, record.role].filter(Boolean).join(', ')]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </Box>
    </Box>
  );
};

/** Opened from a post's bio prompt: what is left to do, and the way back. */
const ReturnNotice = () => {
  const record = useRecordContext<Bio>();
  const { returnTo } = useSearchValues();
  const translate = useTranslate();
  if (!record || !returnTo) return null;
  const published = record.status === 'published';
  const back = (
    <Button
      component={Link}
      to={returnTo}
      size="small"
      variant={published ? 'contained' : 'text'}
      color={published ? 'success' : 'primary'}
      startIcon={<ArrowBackIcon />}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {translate('console.bios.backToPost')}
    </Button>
  );
  return (
    <Alert
      severity={published ? 'success' : 'info'}
      action={back}
      sx={{ width: '100%', boxSizing: 'border-box', mb: 1 }}
      data-return-notice={record.status}
    >
      {translate(
        published
          ? 'console.bios.returnPublished'
          : may(record, 'Publish')
            ? 'console.bios.returnPublish'
            : 'console.bios.returnEditor',
      )}
    </Alert>
  );
};

const ReadOnlyNotice = () => {
  const record = useRecordContext<Bio>();
  const translate = useTranslate();
  if (!record || may(record, 'Update')) return null;
  return (
    <Alert severity="info" sx={{ width: '100%', boxSizing: 'border-box', mb: 1 }}>
      {translate('console.bios.readOnly')}
    </Alert>
  );
};

/** Save, the workflow buttons (kept off while there are unsaved changes), and Delete after a confirmation. */
const BioToolbar = () => {
  const record = useRecordContext<Bio>();
  const { isDirty } = useFormState();
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
      {may(record, 'Update') ? <SaveButton label="console.bios.save" /> : null}
      <BioActionButtons record={record} dirty={isDirty} />
      {isDirty ? (
        <Typography variant="caption" color="warning.dark">
          {translate('console.bios.unsaved')}
        </Typography>
      ) : null}
      <Box sx={{ flex: 1 }} />
      {may(record, 'Delete') ? (
        <DeleteButton
          mutationMode="pessimistic"
          confirmTitle="console.bios.deleteTitle"
          confirmContent="console.bios.deleteText"
          translateOptions={{ name: record.displayName }}
          mutationOptions={{
            onSuccess: () => {
              notify('console.bios.notices.deleted', { type: 'success' });
              redirect('list', BIOS);
            },
          }}
        />
      ) : null}
    </Toolbar>
  );
};

const Actions = () => (
  <TopToolbar>
    <ListButton label="resources.bios.name" icon={<ArrowBackIcon />} />
  </TopToolbar>
);

/**
 * A bio (pessimistic: the PUT leaves at once and the API's field errors show under the inputs),
 * its history beside it.
 */
export const BioEdit = () => {
  const notify = useNotify();
  return (
    <Edit<Bio>
      title={<BioTitle />}
      mutationMode="pessimistic"
      redirect={false}
      transform={toUpdate}
      actions={<Actions />}
      aside={<BioHistory />}
      mutationOptions={{
        onSuccess: () => notify('console.bios.notices.saved', { type: 'success' }),
        onError: onBioError(notify),
      }}
      sx={{ '& .RaEdit-main': { flexDirection: { xs: 'column', lg: 'row' } } }}
    >
      <BioForm
        edit
        toolbar={<BioToolbar />}
        header={
          <>
            <BioHeader />
            <ReturnNotice />
            <ReadOnlyNotice />
          </>
        }
      />
    </Edit>
  );
};
