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
  useTranslate,
  type SimpleFormProps,
} from 'react-admin';
import type { Website } from '../types';
import { BioAvatar } from './BioAvatar';
import { MemberPickerInput } from './MemberPickerInput';
import { BIO_LIMITS, useBioOptions } from './types';

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, width: '100%' };

// The API's own rules and messages (its 422 answers say the same), checked before saving.
const tooLong = (max: number) => (value: unknown) =>
  typeof value === 'string' && value.trim().length > max
    ? { message: 'console.bios.form.tooLong', args: { max } }
    : undefined;
const slugRule = (value: unknown) =>
  typeof value === 'string' && value.trim() && !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value.trim())
    ? 'console.bios.form.slugRule'
    : undefined;

/** Keeps an emptied text as '' (react-admin's default turns '' into null; the transform does that). */
const keepText = (value: string | null) => value ?? '';

/** A section of the form (`title`, `description`: message keys). */
const FormSection = ({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) => {
  const translate = useTranslate();
  return (
    <Box component="section" aria-label={translate(title)} sx={{ width: '100%', mt: 1 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {translate(title)}
      </Typography>
      {description ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate(description)}
        </Typography>
      ) : null}
      {children}
    </Box>
  );
};

/** The profile pic as visitors will see it, next to its URL. */
const ProfilePicInput = () => {
  const profilePic = useWatch({ name: 'profilePic' }) as string | null | undefined;
  const displayName = useWatch({ name: 'displayName' }) as string | null | undefined;
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', width: '100%' }}>
      <BioAvatar src={profilePic} name={displayName} size={72} sx={{ mt: 1 }} />
      <TextInput
        source="profilePic"
        parse={keepText}
        placeholder="https://"
        helperText="console.bios.form.profilePicHelp"
        sx={{ flex: 1 }}
      />
    </Box>
  );
};

const MetaDescriptionInput = () => {
  const value = (useWatch({ name: 'metaDescription' }) as string | null | undefined) ?? '';
  const max = BIO_LIMITS.metaDescription;
  const translate = useTranslate();
  return (
    <TextInput
      source="metaDescription"
      multiline
      minRows={2}
      parse={keepText}
      validate={tooLong(max)}
      helperText={translate('console.bios.form.metaHelp', { length: value.length, max })}
    />
  );
};

/** Website, kind and member: chosen when the bio is created, fixed afterwards. */
const OwnerInputs = ({ edit, fallbackName }: { edit: boolean; fallbackName?: string | null }) => {
  const { setValue, getValues } = useFormContext();
  const websiteId = useWatch({ name: 'websiteId' }) as string | undefined;
  const kind = useWatch({ name: 'kind' }) as string | undefined;
  const { data: website } = useGetOne<Website>('websites', { id: websiteId ?? '' }, { enabled: Boolean(websiteId) });
  const { kinds } = useBioOptions();
  return (
    <>
      <Box sx={grid}>
        <ReferenceInput source="websiteId" reference="websites" sort={{ field: 'name', order: 'ASC' }}>
          <SelectInput
            optionText="name"
            label="resources.bios.fields.websiteId"
            validate={required()}
            readOnly={edit}
            helperText={edit ? 'console.bios.form.websiteEdit' : 'console.bios.form.websiteCreate'}
          />
        </ReferenceInput>
        <SelectInput
          source="kind"
          choices={kinds}
          validate={required()}
          readOnly={edit}
          helperText={kind === 'writer' ? 'console.bios.form.kindWriter' : 'console.bios.form.kindExpert'}
          onChange={(event: { target?: { value?: unknown } }) => {
            if (event?.target?.value === 'expert') setValue('userId', null);
          }}
        />
      </Box>
      {kind === 'writer' ? (
        <MemberPickerInput
          source="userId"
          label="resources.bios.fields.userId"
          organisationId={website?.organisationId}
          validate={required('console.bios.form.memberRequired')}
          readOnly={edit}
          fallbackName={fallbackName}
          emptyText=""
          helperText={edit ? 'console.bios.form.memberEdit' : 'console.bios.form.memberCreate'}
          onPick={(member) => {
            if (!String(getValues('displayName') ?? '').trim())
              setValue('displayName', member.name, { shouldDirty: true });
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
    <FormSection title="console.bios.form.identity" description="console.bios.form.identityText">
      <OwnerInputs edit={edit} fallbackName={fallbackName} />
      <Box sx={grid}>
        <TextInput source="displayName" validate={[required(), tooLong(BIO_LIMITS.displayName)]} />
        <TextInput
          source="slug"
          parse={keepText}
          validate={edit ? [required(), slugRule, tooLong(BIO_LIMITS.slug)] : [slugRule, tooLong(BIO_LIMITS.slug)]}
          helperText={edit ? 'console.bios.form.slugEdit' : 'console.bios.form.slugCreate'}
          sx={{ '& input': { fontFamily: 'monospace' } }}
        />
        <TextInput
          source="role"
          parse={keepText}
          validate={tooLong(BIO_LIMITS.role)}
          helperText="console.bios.form.roleHelp"
        />
        <TextInput
          source="title"
          parse={keepText}
          validate={tooLong(BIO_LIMITS.title)}
          helperText="console.bios.form.titleHelp"
        />
      </Box>
      <ProfilePicInput />
    </FormSection>
    <Divider flexItem sx={{ my: 1 }} />
    <FormSection title="console.bios.form.about" description="console.bios.form.aboutText">
      <TextInput
        source="text"
        multiline
        minRows={6}
        parse={keepText}
        validate={tooLong(BIO_LIMITS.text)}
        helperText="console.bios.form.textHelp"
      />
      <TextInput
        source="quote"
        multiline
        minRows={1}
        parse={keepText}
        validate={tooLong(BIO_LIMITS.quote)}
        helperText="console.bios.form.quoteHelp"
      />
      <MetaDescriptionInput />
    </FormSection>
    <Divider flexItem sx={{ my: 1 }} />
    <FormSection title="console.bios.form.lists" description="console.bios.form.listsText">
      <Box sx={grid}>
        <TextArrayInput source="categories" helperText="console.bios.form.categoriesHelp" />
        <TextArrayInput source="expertise" helperText="console.bios.form.expertiseHelp" />
      </Box>
      <TextArrayInput source="education" helperText="console.bios.form.educationHelp" />
      <TextArrayInput source="highlights" helperText="console.bios.form.highlightsHelp" />
      <TextArrayInput source="socialUrls" helperText="console.bios.form.socialHelp" />
    </FormSection>
  </SimpleForm>
);
