import { Box, Typography } from '@mui/material';
import {
  ArrayInput,
  BooleanInput,
  Labeled,
  ReferenceInput,
  required,
  SelectInput,
  SimpleFormIterator,
  TabbedForm,
  TextField,
  TextInput,
  type TabbedFormProps,
} from 'react-admin';
import { httpUrl, toChoices } from '../common/choices';
import { TimezoneInput } from '../common/TimezoneInput';
import { FALLBACK_OPTIONS, useWebsiteOptions } from './useWebsiteOptions';

const factCheckChoices = [0, 1, 2, 3, 4].map((level) => ({
  id: level,
  name: level === 0 ? 'No fact check' : `${level} fact-check level${level > 1 ? 's' : ''}`,
}));

const locale = (value: unknown) =>
  value == null || value === '' || /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(String(value))
    ? undefined
    : 'Use a locale code such as en or de-AT';

const Section = ({ children }: { children: string }) => (
  <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 2, mb: 0.5 }}>
    {children}
  </Typography>
);

/** A select when the API answered the allowed list, a free text input otherwise. */
const OptionInput = ({ source, label, values }: { source: string; label: string; values: string[] | undefined }) =>
  values && values.length > 0 ? (
    <SelectInput source={source} label={label} choices={toChoices(values)} emptyText="—" />
  ) : (
    <TextInput source={source} label={label} />
  );

export const WebsiteForm = ({ edit = false, ...props }: Omit<TabbedFormProps, 'children'> & { edit?: boolean }) => {
  const options = useWebsiteOptions();
  const categories = options?.categories?.length ? options.categories : FALLBACK_OPTIONS.categories;
  const types = options?.types?.length ? options.types : FALLBACK_OPTIONS.types;
  return (
    <TabbedForm {...props}>
      <TabbedForm.Tab label="General" sx={{ maxWidth: 760 }}>
        <ReferenceInput source="organisationId" reference="organisations" sort={{ field: 'name', order: 'ASC' }}>
          <SelectInput optionText="name" label="Organisation" validate={required()} readOnly={edit} />
        </ReferenceInput>
        <TextInput source="name" validate={required()} />
        <TextInput
          source="url"
          label="URL"
          placeholder="https://www.example.com"
          validate={[required(), httpUrl]}
        />
        <TextInput source="domain" helperText="Leave empty to derive it from the URL" />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, width: '100%' }}>
          <SelectInput source="category" choices={toChoices(categories)} emptyText="—" />
          <SelectInput source="type" choices={toChoices(types)} emptyText="—" />
          <OptionInput source="industry" label="Industry" values={options?.industries} />
          <OptionInput source="currency" label="Currency" values={options?.currencies} />
        </Box>
        <BooleanInput source="showInSitemap" label="Show in sitemap" />
        {edit ? (
          <Labeled label="Tracking key">
            <TextField source="key" emptyText="—" sx={{ fontFamily: 'monospace' }} />
          </Labeled>
        ) : null}
      </TabbedForm.Tab>
      <TabbedForm.Tab label="Localisation" path="localisation" sx={{ maxWidth: 760 }}>
        <TextInput source="defaultLocale" label="Default locale" validate={[required(), locale]} />
        <TimezoneInput source="timezone" label="Time zone" validate={required()} />
        <Section>Additional locales</Section>
        <ArrayInput source="locales" label={false}>
          <SimpleFormIterator inline disableReordering>
            <TextInput source="locale" label="Locale" validate={[required(), locale]} helperText={false} />
            <TextInput source="urlPrefix" label="URL prefix" placeholder="/de" helperText={false} />
          </SimpleFormIterator>
        </ArrayInput>
      </TabbedForm.Tab>
      <TabbedForm.Tab label="Workflow" path="workflow" sx={{ maxWidth: 760 }}>
        <Section>Article workflow</Section>
        <BooleanInput source="secondEdit" label="Second edit" helperText="Articles pass a second editor" />
        <BooleanInput source="customerReview" label="Customer review" helperText="Articles go to the customer for review" />
        <SelectInput source="factCheckLevels" label="Fact-check levels" choices={factCheckChoices} validate={required()} />
        <BooleanInput source="publishContent" label="Publish content" helperText="Content and CTAs are published to the site" />
        <BooleanInput source="regulated" label="Regulated industry" helperText="A regulation approval is required before publishing" />
        <BooleanInput
          source="fourEyes"
          label="Four-eyes rule"
          helperText="Nobody approves a fact check or regulation, or publishes, content they saved"
        />
        <Section>Modules</Section>
        <BooleanInput source="videoCms" label="Video CMS" />
        <BooleanInput source="croProxy" label="CRO proxy" />
      </TabbedForm.Tab>
    </TabbedForm>
  );
};

/** Defaults of a new website (the API applies the same ones when a field is omitted). */
export const websiteDefaults = {
  defaultLocale: 'en',
  locales: [],
  timezone: 'UTC',
  showInSitemap: true,
  secondEdit: false,
  customerReview: false,
  factCheckLevels: 0,
  publishContent: false,
  videoCms: false,
  croProxy: false,
  regulated: false,
  fourEyes: true,
};
