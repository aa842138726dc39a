import { Box, Divider, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  ReferenceInput,
  required,
  SelectInput,
  SimpleForm,
  TextArrayInput,
  TextInput,
  useGetOne,
  type SimpleFormProps,
} from 'react-admin';
import type { Website } from '../types';
import { BioAvatar } from './BioAvatar';
import { MemberPickerInput } from './MemberPickerInput';
import { BIO_LIMITS, KIND_CHOICES } from './types';

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, width: '100%' };

// The API's own rules and messages (its 422 answers say the same), checked before saving.
const tooLong = (max: number) => (value: unknown) =>
  typeof value === 'string' && value.trim().length > max ? `The maximum length is ${max} characters` : undefined;
const slugRule = (value: unknown) =>
  typeof value === 'string' && value.trim() && !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value.trim())
    ? 'slug may contain lower-case letters, digits and single dashes'
    : undefined;

/** Keeps an emptied text as '' (react-admin's default turns '' into null; the transform does that). */
const keepText = (value: string | null) => value ?? '';

const FormSection = ({ title, description, children }: { title: string; description?: string; children: ReactNode }) => (
  <Box component="section" aria-label={title} sx={{ width: '100%', mt: 1 }}>
    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
      {title}
    </Typography>
    {description ? (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {description}
      </Typography>
    ) : null}
    {children}
  </Box>
);

/** The profile pic as visitors will see it, next to its URL. */
const ProfilePicInput = () => {
  const profilePic = useWatch({ name: 'profilePic' }) as string | null | undefined;
  const displayName = useWatch({ name: 'displayName' }) as string | null | undefined;
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', width: '100%' }}>
      <BioAvatar src={profilePic} name={displayName} size={72} sx={{ mt: 1 }} />
      <TextInput
        source="profilePic"
        label="Profile pic URL"
        parse={keepText}
        placeholder="https://"
        helperText="A square photo works best; shown next to the posts this person is credited on"
        sx={{ flex: 1 }}
      />
    </Box>
  );
};

const MetaDescriptionInput = () => {
  const value = (useWatch({ name: 'metaDescription' }) as string | null | undefined) ?? '';
  const max = BIO_LIMITS.metaDescription;
  return (
    <TextInput
      source="metaDescription"
      label="Meta description"
      multiline
      minRows={2}
      parse={keepText}
      validate={tooLong(max)}
      helperText={`${value.length}/${max} characters · shown by search engines for the bio's page`}
    />
  );
};

/** Website, kind and member: chosen when the bio is created, fixed afterwards. */
const OwnerInputs = ({ edit, fallbackName }: { edit: boolean; fallbackName?: string | null }) => {
  const { setValue, getValues } = useFormContext();
  const websiteId = useWatch({ name: 'websiteId' }) as string | undefined;
  const kind = useWatch({ name: 'kind' }) as string | undefined;
  const { data: website } = useGetOne<Website>('websites', { id: websiteId ?? '' }, { enabled: Boolean(websiteId) });
  return (
    <>
      <Box sx={grid}>
        <ReferenceInput source="websiteId" reference="websites" sort={{ field: 'name', order: 'ASC' }}>
          <SelectInput
            optionText="name"
            label="Website"
            validate={required()}
            readOnly={edit}
            helperText={edit ? 'A bio stays on its website' : 'The website whose pages show the bio'}
          />
        </ReferenceInput>
        <SelectInput
          source="kind"
          label="Kind"
          choices={KIND_CHOICES}
          validate={required()}
          readOnly={edit}
          helperText={kind === 'writer' ? 'A member credited as writer or fact-checker' : 'An expert posts can name as their expert'}
          onChange={(event: { target?: { value?: unknown } }) => {
            if (event?.target?.value === 'expert') setValue('userId', null);
          }}
        />
      </Box>
      {kind === 'writer' ? (
        <MemberPickerInput
          source="userId"
          label="Member"
          organisationId={website?.organisationId}
          validate={required('A writer bio needs the member it is about')}
          readOnly={edit}
          fallbackName={fallbackName}
          emptyText=""
          helperText={edit ? 'The member this bio is about' : 'The member this bio is about: they may edit it too'}
          onPick={(member) => {
            if (!String(getValues('displayName') ?? '').trim()) setValue('displayName', member.name, { shouldDirty: true });
          }}
        />
      ) : null}
    </>
  );
};

/**
 * The bio's inputs in three sections (Identity, About, Lists). Create and edit share it; the
 * toolbar (Save, Publish / Unpublish, Delete) and what sits above the inputs come from the page.
 */
export const BioForm = ({
  edit = false,
  header,
  fallbackName,
  ...props
}: Omit<SimpleFormProps, 'children'> & { edit?: boolean; header?: ReactNode; fallbackName?: string | null }) => (
  <SimpleForm sx={{ maxWidth: 820 }} disableInvalidFormNotification {...props}>
    {header}
    <FormSection title="Identity" description="Who the bio is about, and how the website names them.">
      <OwnerInputs edit={edit} fallbackName={fallbackName} />
      <Box sx={grid}>
        <TextInput source="displayName" label="Display name" validate={[required(), tooLong(BIO_LIMITS.displayName)]} />
        <TextInput
          source="slug"
          label="Slug"
          parse={keepText}
          validate={edit ? [required(), slugRule, tooLong(BIO_LIMITS.slug)] : [slugRule, tooLong(BIO_LIMITS.slug)]}
          helperText={edit ? "The bio page's address" : 'The bio page’s address; made from the display name when left empty'}
          sx={{ '& input': { fontFamily: 'monospace' } }}
        />
        <TextInput source="role" label="Role" parse={keepText} validate={tooLong(BIO_LIMITS.role)} helperText="For example Senior editor, Botanist" />
        <TextInput source="title" label="Title" parse={keepText} validate={tooLong(BIO_LIMITS.title)} helperText="For example Dr., PhD in plant biology" />
      </Box>
      <ProfilePicInput />
    </FormSection>
    <Divider flexItem sx={{ my: 1 }} />
    <FormSection title="About" description="The bio page's text; publishing needs it.">
      <TextInput source="text" label="Text" multiline minRows={6} parse={keepText} validate={tooLong(BIO_LIMITS.text)} helperText="Who they are and why readers can trust them" />
      <TextInput source="quote" label="Quote" multiline minRows={1} parse={keepText} validate={tooLong(BIO_LIMITS.quote)} helperText="A line of their own, shown highlighted" />
      <MetaDescriptionInput />
    </FormSection>
    <Divider flexItem sx={{ my: 1 }} />
    <FormSection title="Lists" description="Type an entry and press Enter to add it.">
      <Box sx={grid}>
        <TextArrayInput source="categories" label="Categories" helperText="The website's categories they write about" />
        <TextArrayInput source="expertise" label="Expertise" helperText="Their fields, for example Succulents" />
      </Box>
      <TextArrayInput source="education" label="Education" helperText="One bullet per degree or training" />
      <TextArrayInput source="highlights" label="Highlights" helperText="Awards, books, notable work" />
      <TextArrayInput source="socialUrls" label="Social URLs" helperText="Full addresses, starting with https://" />
    </FormSection>
  </SimpleForm>
);
