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
} from 'react-admin';
import { StatusChip } from '../common/StatusChip';
import type { Website } from '../types';
import { BioActionButtons } from './BioActionButtons';
import { BioAvatar } from './BioAvatar';
import { BioForm } from './BioForm';
import { BioHistory } from './BioHistory';
import { cleanContent, onBioError } from './errors';
import { useSearchValues } from './returnTo';
import { BIOS, KIND_LABELS, type Bio } from './types';

/**
 * What `PUT /api/bios/{id}` takes: the fields the form changed (so the history names what was
 * edited) and the expected `version`. An emptied slug keeps the old one.
 */
const toUpdate = (data: Record<string, unknown>, options?: { previousData?: Record<string, unknown> }) => {
  const next = cleanContent(data);
  const before = cleanContent(options?.previousData ?? {});
  const changes = Object.fromEntries(
    Object.entries(next).filter(([field, value]) => JSON.stringify(value ?? null) !== JSON.stringify(before[field] ?? null)),
  );
  if (changes.slug == null) delete changes.slug;
  return { ...changes, version: data.version };
};

const may = (record: Bio | undefined, action: string) => Boolean(record?.allowedActions?.includes(action));

const BioTitle = () => {
  const record = useRecordContext<Bio>();
  return <span>{record ? `Bio: ${record.displayName}` : 'Bio'}</span>;
};

/** Photo, name, status, kind and website: the bio at a glance. */
const BioHeader = () => {
  const record = useRecordContext<Bio>();
  const { data: website } = useGetOne<Website>('websites', { id: record?.websiteId ?? '' }, { enabled: Boolean(record?.websiteId) });
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
          {[KIND_LABELS[record.kind] ?? record.kind, website?.name, [record.title, record.role].filter(Boolean).join(', ')].filter(Boolean).join(' · ')}
        </Typography>
      </Box>
    </Box>
  );
};

/** Opened from a post's bio prompt: what is left to do, and the way back. */
const ReturnNotice = () => {
  const record = useRecordContext<Bio>();
  const { returnTo } = useSearchValues();
  if (!record || !returnTo) return null;
  const published = record.status === 'published';
  const back = (
    <Button component={Link} to={returnTo} size="small" variant={published ? 'contained' : 'text'} color={published ? 'success' : 'primary'} startIcon={<ArrowBackIcon />} sx={{ whiteSpace: 'nowrap' }}>
      Back to the post
    </Button>
  );
  return (
    <Alert severity={published ? 'success' : 'info'} action={back} sx={{ width: '100%', boxSizing: 'border-box', mb: 1 }} data-return-notice={record.status}>
      {published
        ? 'Published: the post can credit this bio now.'
        : may(record, 'Publish')
          ? 'The post can credit this person once the bio is published: fill it in, save, then Publish.'
          : 'The post can credit this person once an editor publishes the bio.'}
    </Alert>
  );
};

const ReadOnlyNotice = () => {
  const record = useRecordContext<Bio>();
  if (!record || may(record, 'Update')) return null;
  return (
    <Alert severity="info" sx={{ width: '100%', boxSizing: 'border-box', mb: 1 }}>
      You can read this bio. Editors, and the person it is about, change it.
    </Alert>
  );
};

/** Save, the workflow buttons (kept off while there are unsaved changes), and Delete after a confirmation. */
const BioToolbar = () => {
  const record = useRecordContext<Bio>();
  const { isDirty } = useFormState();
  const notify = useNotify();
  const redirect = useRedirect();
  if (!record) return null;
  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
      {may(record, 'Update') ? <SaveButton label="Save" /> : null}
      <BioActionButtons record={record} dirty={isDirty} />
      {isDirty ? (
        <Typography variant="caption" color="warning.dark">
          Unsaved changes
        </Typography>
      ) : null}
      <Box sx={{ flex: 1 }} />
      {may(record, 'Delete') ? (
        <DeleteButton
          mutationMode="pessimistic"
          confirmTitle={`Delete the bio of ${record.displayName}?`}
          confirmContent="It leaves the website; posts that credit this person need a new bio before they are published."
          mutationOptions={{
            onSuccess: () => {
              notify('Bio deleted', { type: 'success' });
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
    <ListButton label="Bios" icon={<ArrowBackIcon />} />
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
        onSuccess: () => notify('Bio saved', { type: 'success' }),
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
