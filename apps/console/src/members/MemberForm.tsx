import { Box } from '@mui/material';
import { FormSection } from '../common/FormSection';
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  AutocompleteArrayInput,
  email,
  FormDataConsumer,
  Labeled,
  ReferenceArrayInput,
  ReferenceInput,
  required,
  SelectInput,
  SimpleForm,
  TextArrayInput,
  TextField,
  TextInput,
  useGetList,
  type SimpleFormProps,
} from 'react-admin';
import type { Website } from '../types';
import { useMemberChoices } from './roles';

const LOCALE = /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/;
const locales = (values: unknown) =>
  Array.isArray(values) && values.some((value) => !LOCALE.test(String(value)))
    ? 'console.members.form.localesInvalid'
    : undefined;

const Section = FormSection;

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, columnGap: 2, width: '100%' };

/** The websites of the organisation chosen above (none before one is chosen). */
const WebsitesInput = ({ organisationId }: { organisationId?: string }) => (
  <ReferenceArrayInput
    source="websiteIds"
    reference="websites"
    filter={organisationId ? { organisationId } : { organisationId: '-' }}
    sort={{ field: 'name', order: 'ASC' }}
    perPage={100}
  >
    <AutocompleteArrayInput
      optionText="name"
      label="resources.members.fields.websiteIds"
      disabled={!organisationId}
      helperText={organisationId ? 'console.members.form.websitesHelp' : 'console.members.form.chooseOrganisation'}
    />
  </ReferenceArrayInput>
);

/**
 * An invitation starts with every website of the chosen organisation (DESIGN.md "Website
 * access": members reach only the websites listed); the inviter may take some off. The form's
 * default organisation comes with its websites in the default values (MemberCreate); another
 * organisation chosen here gets its websites once, so what the inviter changed stays.
 */
const PreselectAllWebsites = () => {
  const organisationId = useWatch({ name: 'organisationId' }) as string | undefined;
  const { setValue, formState } = useFormContext();
  const { data } = useGetList<Website>(
    'websites',
    {
      filter: { organisationId: organisationId || '-' },
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'name', order: 'ASC' },
    },
    { enabled: Boolean(organisationId) },
  );
  const chosenFor = useRef<string | null>((formState.defaultValues?.organisationId as string | undefined) ?? null);
  useEffect(() => {
    if (!organisationId || !data || chosenFor.current === organisationId) return;
    if (data.some((website) => String(website.organisationId) !== String(organisationId))) return;
    chosenFor.current = organisationId;
    setValue(
      'websiteIds',
      data.map((website) => website.id),
      { shouldDirty: true },
    );
  }, [organisationId, data, setValue]);
  return null;
};

/** Invitation (`create`) and access (edit) form of a member. */
export const MemberForm = ({ create = false, ...props }: Omit<SimpleFormProps, 'children'> & { create?: boolean }) => {
  const choices = useMemberChoices();
  return (
    <SimpleForm {...props} sx={{ maxWidth: 760 }}>
      <ReferenceInput source="organisationId" reference="organisations" sort={{ field: 'name', order: 'ASC' }}>
        <SelectInput
          optionText="name"
          label="resources.members.fields.organisationId"
          validate={required()}
          readOnly={!create}
        />
      </ReferenceInput>
      {create ? (
        <>
          <TextInput source="email" type="email" validate={[required(), email('console.members.form.emailInvalid')]} />
          <TextInput source="name" validate={required()} />
        </>
      ) : (
        <Box sx={{ display: 'flex', gap: 4 }}>
          <Labeled label="resources.members.fields.name">
            <TextField source="name" />
          </Labeled>
          <Labeled label="resources.members.fields.email">
            <TextField source="email" />
          </Labeled>
        </Box>
      )}
      <Section>console.members.form.roles</Section>
      <Box sx={grid}>
        <SelectInput source="orgRole" choices={choices.orgRoles} validate={required()} />
        <SelectInput source="cmsRole" choices={choices.cmsRoles} validate={required()} />
        <SelectInput source="croRole" choices={choices.croRoles} validate={required()} />
      </Box>
      <Section>console.members.form.access</Section>
      {create ? <PreselectAllWebsites /> : null}
      <FormDataConsumer<{ organisationId?: string }>>
        {({ formData }) => <WebsitesInput organisationId={formData.organisationId || undefined} />}
      </FormDataConsumer>
      <TextArrayInput source="locales" validate={locales} helperText="console.members.form.localesHelp" />
    </SimpleForm>
  );
};

/** A new invitation starts with the API's defaults. */
export const memberDefaults = {
  orgRole: 'member',
  cmsRole: 'creator',
  croRole: 'none',
  websiteIds: [],
  locales: [],
};
