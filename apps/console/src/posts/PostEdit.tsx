import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Badge, Box, Button, Card, CardContent, Chip, Tab, Tabs, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import {
  Edit,
  Form,
  Link,
  Loading,
  SaveButton,
  useNotify,
  useGetIdentity,
  useGetOne,
  useRecordContext,
  useDataProvider,
  useSaveContext,
  useTranslate,
} from 'react-admin';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import { POSTS, errorParts, expectedVersionFor, failureMessage, usePostDrafts, usePostHistory } from './api';
import { typeLabel } from './labels';
import { BioPrompts } from './BioPrompts';
import { PeopleFields } from './PeopleFields';
import { PostActionButtons } from './PostActionButtons';
import { PostDrafts } from './PostDrafts';
import { ContentFields, CoverImageFields, DetailFields, SECTION_FIELDS } from './PostFields';
import { PostHistory } from './PostHistory';
import { formatTime } from '../common/historyText';
import { HolderBar, PostStatusChip, StageStepper } from './PostStage';
import type { Website } from '../types';
import { TakeOverDialog } from './TakeOverDialog';
import type { Post, SaveConflict } from './types';
import { WorkflowDiagramButton } from './WorkflowDiagram';

/** The fields a Save may change (the API ignores the rest; sending only changes keeps four-eyes honest). */
const EDITABLE = [
  'title',
  'subtitle',
  'slug',
  'outline',
  'category',
  'subCategory',
  'topics',
  'tags',
  'products',
  'sourceUrls',
  'metaDescription',
  'dueDate',
  'quotaDate',
  'showTOC',
  'featured',
  'best',
  'optimisation',
  'creditedWriterId',
  'expertId',
] as const;

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  value === false ||
  (Array.isArray(value) && value.length === 0);
/** JSON with sorted keys (the API's jsonb answers keys in its own order). */
const stable = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .filter(([, x]) => x !== undefined)
            .sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
const same = (a: unknown, b: unknown) => (isEmpty(a) && isEmpty(b)) || stable(a) === stable(b);
const emptyHtml = (html: string | null | undefined) => !html || /^(<p>\s*<\/p>)*$/.test(html.trim());

const cleanText = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/**
 * What the form changed compared with the record, in the API's shapes: empty texts become null,
 * `richText` carries TipTap's HTML and JSON, a cover image with every field empty is no image.
 */
export const changesOf = (values: Partial<Post>, record: Post): Record<string, unknown> => {
  const changes: Record<string, unknown> = {};
  for (const key of EDITABLE) {
    if (same(values[key], record[key])) continue;
    const value = cleanText(values[key]);
    changes[key] = value === '' ? null : Array.isArray(value) ? value.map(String).filter((v) => v.trim()) : value;
  }
  const html = values.richText?.html ?? '';
  const before = record.richText?.html ?? '';
  if (!(emptyHtml(html) && emptyHtml(before)) && html !== before) {
    changes.richText = emptyHtml(html) ? null : { html, json: values.richText?.json ?? null };
  }
  const image = values.coverImage;
  const filled = image && Object.values(image).some((v) => !isEmpty(v));
  const nextImage = filled
    ? {
        url: image.url ?? '',
        title: image.title ?? '',
        alt: image.alt ?? '',
        caption: image.caption ?? '',
        width: image.width == null ? undefined : Number(image.width),
        height: image.height == null ? undefined : Number(image.height),
      }
    : null;
  if (!same(nextImage, record.coverImage ?? null)) changes.coverImage = nextImage;
  return changes;
};

/**
 * Whether the form holds changes a Save would send (react-hook-form's `isDirty` also counts
 * fields the inputs merely initialised, like an empty body).
 */
const useUnsavedChanges = (record: Post) => {
  const values = useWatch() as Partial<Post>;
  return Object.keys(changesOf(values, record)).length > 0;
};

/** The inputs of the form, by name: a server error on any other name would block every later submit. */
const INPUTS = new Set([
  'title',
  'subtitle',
  'slug',
  'outline',
  'richText.html',
  'category',
  'subCategory',
  'dueDate',
  'quotaDate',
  'metaDescription',
  'tags',
  'topics',
  'products',
  'sourceUrls',
  'showTOC',
  'featured',
  'best',
  'optimisation',
  'creditedWriterId',
  'expertId',
  'coverImage.url',
  'coverImage.title',
  'coverImage.alt',
  'coverImage.caption',
  'coverImage.width',
  'coverImage.height',
]);
const ALIASES: Record<string, string> = { richText: 'richText.html', coverImage: 'coverImage.url' };

/** The API's field errors on the inputs that show them (the API names the body `richText`; its input is `richText.html`). */
const toFormErrors = (errors: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(errors)
      .map(([field, message]) => [ALIASES[field] ?? field, message] as const)
      .filter(([field]) => INPUTS.has(field)),
  );

/** The sections of PostFields, and People (the credited writer and the expert, see PeopleFields). */
const FIELDS_OF = { ...SECTION_FIELDS, people: ['creditedWriterId', 'expertId'] } as const;
type Section = keyof typeof FIELDS_OF;
/** In order; labelled `console.posts.edit.section.<value>`. */
const SECTIONS: Section[] = ['content', 'details', 'people', 'cover'];

const SectionTabs = ({ value, onChange }: { value: Section; onChange: (value: Section) => void }) => {
  const { errors } = useFormState();
  const translate = useTranslate();
  const hasError = (section: Section) => (FIELDS_OF[section] as readonly string[]).some((field) => field in errors);
  return (
    // Scrollable: on a phone the last section ("Cover image") would otherwise be cut off.
    <Tabs
      value={value}
      onChange={(_, next: Section) => onChange(next)}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label={translate('console.posts.edit.sections')}
      sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 0, sm: 2 } }}
    >
      {SECTIONS.map((s) => (
        <Tab
          key={s}
          value={s}
          label={
            <Badge color="error" variant="dot" invisible={!hasError(s)}>
              <Box component="span" sx={{ pr: hasError(s) ? 1 : 0 }}>
                {translate(`console.posts.edit.section.${s}`)}
              </Box>
            </Badge>
          }
          sx={hasError(s) ? { color: 'error.main' } : undefined}
        />
      ))}
    </Tabs>
  );
};

/** Save, then the workflow buttons of `allowedActions` (kept off while there are unsaved changes). */
const EditorToolbar = ({ record, canSave }: { record: Post; canSave: boolean }) => {
  const isDirty = useUnsavedChanges(record);
  const { setError } = useFormContext();
  const translate = useTranslate();
  const onFieldErrors = (errors: Record<string, string>) => {
    for (const [field, message] of Object.entries(toFormErrors(errors))) setError(field, { type: 'server', message });
  };
  return (
    // On top of the form and sticky: always in reach while writing a long post, and never under the notifications.
    <Box
      role="toolbar"
      aria-label={translate('console.posts.edit.actions')}
      sx={{
        position: 'sticky',
        top: 48,
        zIndex: 2,
        display: 'flex',
        gap: 1,
        flexWrap: 'wrap',
        alignItems: 'center',
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {canSave ? <SaveButton label="console.posts.edit.save" alwaysEnable /> : null}
      <PostActionButtons
        record={record}
        disabled={isDirty}
        disabledReason={translate('console.posts.edit.saveFirst')}
        onFieldErrors={onFieldErrors}
      />
      {isDirty ? (
        <Typography variant="caption" color="warning.dark" sx={{ ml: 1 }}>
          {translate('console.posts.edit.unsaved')}
        </Typography>
      ) : null}
    </Box>
  );
};

const SidePanel = ({
  record,
  tab,
  onTab,
}: {
  record: Post;
  tab: 'history' | 'drafts';
  onTab: (tab: 'history' | 'drafts') => void;
}) => {
  const { data: drafts } = usePostDrafts(record.id);
  const translate = useTranslate();
  return (
    <Card sx={{ position: { lg: 'sticky' }, top: { lg: 72 } }}>
      <Tabs
        value={tab}
        onChange={(_, value) => onTab(value)}
        aria-label={translate('console.posts.edit.sidePanel')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
        variant="fullWidth"
      >
        <Tab value="history" label={translate('console.posts.edit.history')} />
        <Tab
          value="drafts"
          label={
            drafts?.length
              ? translate('console.posts.edit.draftsCount', { count: drafts.length })
              : translate('console.posts.edit.drafts')
          }
        />
      </Tabs>
      <CardContent sx={{ maxHeight: { lg: 'calc(100vh - 170px)' }, overflowY: 'auto' }}>
        {tab === 'history' ? <PostHistory record={record} /> : <PostDrafts record={record} />}
      </CardContent>
    </Card>
  );
};

/**
 * Why an editor who changed the content sees no Publish (or Approve fact check): the website's
 * four-eyes rule. Told when the post is at the stage that would offer it.
 */
const FourEyesHint = ({ record, website }: { record: Post; website: Website | undefined }) => {
  const { identity } = useGetIdentity();
  const { data: history } = usePostHistory(record.id, record.version);
  const translate = useTranslate();
  if (!website?.fourEyes || !identity || !history) return null;
  const stages = record.stages ?? [];
  const atLast = stages.length > 0 && stages[stages.length - 1] === record.status;
  const factCheck = record.status.endsWith('FactCheck');
  const blocked =
    (atLast && !record.allowedActions.includes('Publish')) ||
    (factCheck && !record.allowedActions.includes('ApproveFactCheck'));
  const saved = history.some(
    (e) => (e.type === 'PostSaved' || e.type === 'PostCreated') && e.actor?.id === identity.id,
  );
  if (!blocked || !saved) return null;
  return (
    <Alert severity="info" sx={{ mt: 1 }} data-four-eyes>
      {translate(factCheck ? 'console.posts.edit.fourEyesFactCheck' : 'console.posts.edit.fourEyesPublish')}
    </Alert>
  );
};

const Header = ({ record, dirty }: { record: Post; dirty: boolean }) => {
  const { data: website } = useGetOne<Website>('websites', { id: record.websiteId });
  const translate = useTranslate();
  return (
    <Card>
      <CardContent sx={{ pb: '12px !important' }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
          <Box sx={{ flex: 1, minWidth: 260 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
                {record.title}
              </Typography>
              <PostStatusChip record={record} size="medium" />
            </Box>
            <Typography
              variant="body2"
              color="text.secondary"
              component="div"
              sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}
            >
              <span>{website?.name ?? '…'}</span>
              <span>·</span>
              <span>{record.locale}</span>
              <span>·</span>
              <span>{typeLabel(record.type)}</span>
              <span>·</span>
              <span>
                {translate('console.posts.edit.words', { words: record.words ?? 0, links: record.links ?? 0 })}
              </span>
              {record.writer?.name ? (
                <>
                  <span>·</span>
                  <span>{translate('console.posts.edit.writtenBy', { name: record.writer.name })}</span>
                </>
              ) : null}
              {record.publishedAt && ['Published', 'Deleted', 'Archived'].includes(record.status) ? (
                <>
                  <span>·</span>
                  <span>
                    {translate('console.posts.edit.publishedAt', {
                      time: formatTime(record.publishedAt, website?.timezone),
                    })}
                  </span>
                </>
              ) : null}
              {record.optimisation ? (
                <Chip
                  size="small"
                  label={translate('console.posts.edit.underOptimisation')}
                  color="warning"
                  variant="outlined"
                />
              ) : null}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <WorkflowDiagramButton
              stages={record.stages}
              current={record.status}
              websiteName={website?.name}
              regulated={website?.regulated}
            />
            <Button size="small" component={Link} to={`/${POSTS}`} startIcon={<ArrowBackIcon />}>
              {translate('console.posts.edit.posts')}
            </Button>
          </Box>
        </Box>
        <Box sx={{ mt: 2, mb: 1, overflowX: 'auto' }}>
          <StageStepper record={record} />
        </Box>
        <HolderBar record={record} disabled={dirty} disabledReason={translate('console.posts.edit.saveFirst')} />
        <FourEyesHint record={record} website={website} />
        <BioPrompts record={record} />
      </CardContent>
    </Card>
  );
};

const Section = ({ active, children }: { active: boolean; children: ReactNode }) => (
  // Every section stays mounted (its values and errors too); only the chosen one shows.
  <Box role="tabpanel" hidden={!active} sx={{ display: active ? 'flex' : 'none', flexDirection: 'column' }}>
    {children}
  </Box>
);

/** The form's layout: header with the stages and the holder, the sections and toolbar, the side panel. */
const EditorLayout = ({
  record,
  conflict,
  onConflictClose,
}: {
  record: Post;
  conflict: SaveConflict | null;
  onConflictClose: () => void;
}) => {
  const [section, setSection] = useState<Section>('content');
  const [side, setSide] = useState<'history' | 'drafts'>('history');
  const isDirty = useUnsavedChanges(record);
  const canSave = record.allowedActions?.includes('Save') ?? false;
  const readOnly = !canSave;
  const translate = useTranslate();
  return (
    // Contained: the layout grows to its content's width otherwise (the stepper scrolls instead).
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 1, mb: 2, minWidth: 0, contain: 'inline-size' }}>
      <Header record={record} dirty={isDirty} />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 340px' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <Card sx={{ overflow: 'visible' }}>
          <SectionTabs value={section} onChange={setSection} />
          <EditorToolbar record={record} canSave={canSave} />
          <CardContent>
            {readOnly ? (
              <Alert severity="info" sx={{ mb: 2 }}>
                {translate(
                  record.status === 'Published'
                    ? 'console.posts.edit.readOnlyPublished'
                    : 'console.posts.edit.readOnly',
                  { stage: record.statusLabel },
                )}
              </Alert>
            ) : null}
            <Section active={section === 'content'}>
              <ContentFields readOnly={readOnly} />
            </Section>
            <Section active={section === 'details'}>
              <DetailFields readOnly={readOnly} />
            </Section>
            <Section active={section === 'people'}>
              <PeopleFields readOnly={readOnly} />
            </Section>
            <Section active={section === 'cover'}>
              <CoverImageFields readOnly={readOnly} />
            </Section>
          </CardContent>
        </Card>
        <SidePanel record={record} tab={side} onTab={setSide} />
      </Box>
      <TakeOverDialog
        record={record}
        conflict={conflict}
        onClose={onConflictClose}
        onShowDrafts={() => setSide('drafts')}
      />
    </Box>
  );
};

/**
 * The form: Save sends only what changed (with `version`); nothing changed says so (the spec's
 * "Warning: No changes to save").
 */
const PostEditor = ({ conflict, onConflictClose }: { conflict: SaveConflict | null; onConflictClose: () => void }) => {
  const record = useRecordContext<Post>();
  const { save } = useSaveContext();
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  if (!record) return <Loading />;
  const onSubmit = async (values: Record<string, unknown>) => {
    const changes = changesOf(values as Partial<Post>, record);
    if (Object.keys(changes).length === 0) {
      notify('console.posts.notices.noChanges', { type: 'warning' });
      return undefined;
    }
    return save?.({ ...changes, version: await expectedVersionFor(dataProvider, record) });
  };
  return (
    <Form onSubmit={onSubmit} warnWhenUnsavedChanges>
      <EditorLayout record={record} conflict={conflict} onConflictClose={onConflictClose} />
    </Form>
  );
};

const PostTitle = () => {
  const record = useRecordContext<Post>();
  const translate = useTranslate();
  return (
    <span>
      {record ? translate('console.posts.edit.title', { title: record.title }) : translate('console.posts.edit.post')}
    </span>
  );
};

/**
 * The post editor (pessimistic: the PUT leaves at once and field errors show under the inputs).
 * A 409 (taken over, held, or changed meanwhile) opens the take-over dialog; the API kept the
 * refused changes as a draft, which the Drafts panel restores into the form.
 */
export const PostEdit = () => {
  const [conflict, setConflict] = useState<SaveConflict | null>(null);
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  return (
    <Edit<Post>
      resource={POSTS}
      mutationMode="pessimistic"
      redirect={false}
      actions={false}
      component="div"
      title={<PostTitle />}
      queryOptions={{ refetchOnWindowFocus: false, refetchOnReconnect: false }}
      mutationOptions={{
        onSuccess: () => {
          notify('console.posts.notices.saved', { type: 'success' });
          void queryClient.invalidateQueries({ queryKey: [POSTS, 'counts'] });
        },
        onError: (error, variables) => {
          const { status, message, errors, body } = errorParts(error);
          if (status === 409) {
            const previous = (variables as { previousData?: Post } | undefined)?.previousData;
            setConflict({
              message,
              reason: body?.reason,
              holder: (body?.holder as SaveConflict['holder']) ?? null,
              previousHolder: previous?.holder ?? null,
            });
            void queryClient.invalidateQueries({ queryKey: [POSTS, 'drafts'] });
            void queryClient.invalidateQueries({ queryKey: [POSTS, 'history'] });
            return;
          }
          if (errors && body?.errors) (body as { errors: Record<string, string> }).errors = toFormErrors(errors);
          notify(failureMessage(translate, message, 'save'), { type: 'error', multiLine: true });
        },
      }}
    >
      <PostEditor conflict={conflict} onConflictClose={() => setConflict(null)} />
    </Edit>
  );
};
