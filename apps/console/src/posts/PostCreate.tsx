import { Box, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  Create,
  DateInput,
  ReferenceInput,
  required,
  SelectInput,
  SimpleForm,
  TextArrayInput,
  TextInput,
  useGetOne,
  useNotify,
  useRedirect,
  useStore,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { POSTS, failureMessage, errorParts, usePostOptions } from './api';
import { typeLabel } from './labels';
import type { Post } from './types';
import type { Website } from '../types';
import { LIST_STORE_KEY } from './PostList';

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, width: '100%' };

/**
 * The website's locales; left empty, the post gets the website's default locale (the API's
 * rule), which the empty choice names. The locale cannot change after this.
 */
const LocaleInput = () => {
  const websiteId = useWatch({ name: 'websiteId' }) as Identifier | undefined;
  const locale = useWatch({ name: 'locale' }) as string | null | undefined;
  const { setValue } = useFormContext();
  const translate = useTranslate();
  const { data: website } = useGetOne<Website>('websites', { id: websiteId! }, { enabled: Boolean(websiteId) });
  const locales = website
    ? [...new Set([website.defaultLocale, ...(website.locales ?? []).map((l) => l.locale)].filter(Boolean))]
    : [];
  // Another website may not have the locale chosen for the previous one.
  const unknown = Boolean(website && locale && !locales.includes(locale));
  useEffect(() => {
    if (unknown) setValue('locale', '');
  }, [unknown, setValue]);
  return (
    <SelectInput
      source="locale"
      choices={locales.filter((l) => l !== website?.defaultLocale).map((l) => ({ id: l, name: l }))}
      emptyText={website ? translate('console.posts.create.websiteDefault', { locale: website.defaultLocale }) : '—'}
      disabled={!website}
      // The empty choice names the default: show it, with the label above it.
      slotProps={website ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : undefined}
      helperText={website ? 'console.posts.create.cannotChange' : 'console.posts.create.chooseWebsite'}
    />
  );
};

const transform = (data: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(data).filter(
      ([, value]) =>
        value !== '' && value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0),
    ),
  );

/** New posts go to active websites only: a deactivated one is not offered (the API refuses it too). */
const ACTIVE_WEBSITES = { status: 'active' };

/**
 * A new post: the website (required), title, type and locale, and optionally the brief (subtitle,
 * outline, category, dates, tags). A creator's draft is theirs to write; an editor's brief waits
 * for a writer. Then the editor opens.
 */
export const PostCreate = () => {
  const { data: options } = usePostOptions();
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
  const [listParams] = useStore<{ filter?: { websiteId?: Identifier } } | undefined>(LIST_STORE_KEY);
  const defaultWebsite = listParams?.filter?.websiteId;
  return (
    <Create<Post>
      resource={POSTS}
      title="console.posts.create.title"
      transform={transform}
      mutationOptions={{
        onSuccess: (data) => {
          notify('console.posts.create.created', { type: 'success' });
          redirect('edit', POSTS, data.id);
        },
        onError: (error) => notify(failureMessage(translate, errorParts(error).message), { type: 'error' }),
      }}
    >
      <SimpleForm defaultValues={{ type: 'blog', websiteId: defaultWebsite ?? undefined }} sx={{ maxWidth: 760 }}>
        <Box sx={grid}>
          <ReferenceInput
            source="websiteId"
            reference="websites"
            sort={{ field: 'name', order: 'ASC' }}
            filter={ACTIVE_WEBSITES}
          >
            <SelectInput optionText="name" label="resources.posts.fields.websiteId" validate={required()} />
          </ReferenceInput>
          <LocaleInput />
        </Box>
        <TextInput source="title" validate={required()} />
        <SelectInput
          source="type"
          choices={(options?.types ?? ['blog']).map((t) => ({ id: t, name: typeLabel(t) }))}
          validate={required()}
          helperText="console.posts.create.cannotChange"
          translateChoice={false}
        />
        <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('console.posts.create.brief')}
        </Typography>
        <TextInput source="subtitle" multiline minRows={2} />
        <TextInput source="outline" multiline minRows={3} helperText="console.posts.fields.outlineHelp" />
        <Box sx={grid}>
          <TextInput source="category" />
          <TextArrayInput source="tags" helperText="console.posts.fields.oneAndEnter" />
          <DateInput source="dueDate" />
          <DateInput source="quotaDate" />
        </Box>
      </SimpleForm>
    </Create>
  );
};
