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
  const { data: website } = useGetOne<Website>('websites', { id: websiteId! }, { enabled: Boolean(websiteId) });
  const locales = website ? [...new Set([website.defaultLocale, ...(website.locales ?? []).map((l) => l.locale)].filter(Boolean))] : [];
  // Another website may not have the locale chosen for the previous one.
  const unknown = Boolean(website && locale && !locales.includes(locale));
  useEffect(() => {
    if (unknown) setValue('locale', '');
  }, [unknown, setValue]);
  return (
    <SelectInput
      source="locale"
      choices={locales.filter((l) => l !== website?.defaultLocale).map((l) => ({ id: l, name: l }))}
      emptyText={website ? `${website.defaultLocale} (the website’s default)` : '—'}
      disabled={!website}
      // The empty choice names the default: show it, with the label above it.
      slotProps={website ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : undefined}
      helperText={website ? 'Cannot be changed later' : 'Choose the website first'}
    />
  );
};

const transform = (data: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(data).filter(([, value]) => value !== '' && value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0)),
  );

/**
 * A new post: the website (required), title, type and locale, and optionally the brief (subtitle,
 * outline, category, dates, tags). A creator's draft is theirs to write; an editor's brief waits
 * for a writer. Then the editor opens.
 */
export const PostCreate = () => {
  const { data: options } = usePostOptions();
  const notify = useNotify();
  const redirect = useRedirect();
  const [listParams] = useStore<{ filter?: { websiteId?: Identifier } } | undefined>(LIST_STORE_KEY);
  const defaultWebsite = listParams?.filter?.websiteId;
  return (
    <Create<Post>
      resource={POSTS}
      title="Create post"
      transform={transform}
      mutationOptions={{
        onSuccess: (data) => {
          notify('Post created: write it, then save', { type: 'success' });
          redirect('edit', POSTS, data.id);
        },
        onError: (error) => notify(failureMessage(errorParts(error).message), { type: 'error' }),
      }}
    >
      <SimpleForm defaultValues={{ type: 'blog', websiteId: defaultWebsite ?? undefined }} sx={{ maxWidth: 760 }}>
        <Box sx={grid}>
          <ReferenceInput source="websiteId" reference="websites" sort={{ field: 'name', order: 'ASC' }}>
            <SelectInput optionText="name" label="Website" validate={required()} />
          </ReferenceInput>
          <LocaleInput />
        </Box>
        <TextInput source="title" validate={required()} />
        <SelectInput
          source="type"
          choices={(options?.types ?? ['blog']).map((t) => ({ id: t, name: typeLabel(t) }))}
          validate={required()}
          helperText="Cannot be changed later"
        />
        <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 1 }}>
          Brief (optional)
        </Typography>
        <TextInput source="subtitle" label="Subtitle or brief" multiline minRows={2} />
        <TextInput source="outline" multiline minRows={3} helperText="Needed before the post goes to edit" />
        <Box sx={grid}>
          <TextInput source="category" />
          <TextArrayInput source="tags" helperText="Type one and press Enter" />
          <DateInput source="dueDate" label="Due date" />
          <DateInput source="quotaDate" label="Quota date" />
        </Box>
      </SimpleForm>
    </Create>
  );
};
