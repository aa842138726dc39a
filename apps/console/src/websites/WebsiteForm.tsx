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
  TextArrayInput,
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

const LOCALE = /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/;
const locale = (value: unknown) =>
  value == null || value === '' || LOCALE.test(String(value)) ? undefined : 'Use a locale such as en or en-GB';
const locales = (values: unknown) =>
  Array.isArray(values) && values.some((value) => locale(value)) ? 'Use locales such as en or en-GB' : undefined;

/** Keeps an emptied text as '' (the API wants text there, react-admin's default turns '' into null). */
const keepText = (value: string | null) => value ?? '';

const Section = ({ children }: { children: string }) => (
  <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 2, mb: 0.5 }}>
    {children}
  </Typography>
);

/** A select when the API answered the allowed list, a free text input otherwise. */
const OptionInput = ({
  source,
  label,
  values,
  required: isRequired = false,
}: {
  source: string;
  label: string;
  values: string[] | undefined;
  required?: boolean;
}) =>
  values && values.length > 0 ? (
    isRequired ? (
      <SelectInput source={source} label={label} choices={toChoices(values)} validate={required()} />
    ) : (
      <SelectInput source={source} label={label} choices={toChoices(values)} emptyText="—" />
    )
  ) : (
    <TextInput source={source} label={label} validate={isRequired ? required() : undefined} />
  );

const tab = { sx: { maxWidth: 760 } };

export const WebsiteForm = ({ edit = false, ...props }: Omit<TabbedFormProps, 'children'> & { edit?: boolean }) => {
  const options = useWebsiteOptions();
  const pick = (key: keyof typeof FALLBACK_OPTIONS) =>
    options?.[key]?.length ? options[key] : FALLBACK_OPTIONS[key];
  return (
    <TabbedForm {...props}>
      <TabbedForm.Tab label="General" {...tab}>
        <ReferenceInput source="organisationId" reference="organisations" sort={{ field: 'name', order: 'ASC' }}>
          <SelectInput optionText="name" label="Organisation" validate={required()} readOnly={edit} />
        </ReferenceInput>
        <TextInput source="name" validate={required()} />
        <TextInput source="url" label="URL" placeholder="https://www.example.com" validate={[required(), httpUrl]} />
        <TextInput source="domain" parse={keepText} helperText="Leave empty to derive it from the URL" />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, width: '100%' }}>
          <SelectInput source="category" choices={toChoices(pick('categories') ?? [])} emptyText="—" />
          <SelectInput source="type" choices={toChoices(pick('types') ?? [])} emptyText="—" />
          <OptionInput source="industry" label="Industry" values={options?.industries} />
          <OptionInput source="currency" label="Currency" values={options?.currencies} required />
        </Box>
        <BooleanInput source="showInSitemap" label="Show in sitemap" />
        {edit ? (
          <Labeled label="Tracking key">
            <TextField source="key" emptyText="—" sx={{ fontFamily: 'monospace' }} />
          </Labeled>
        ) : null}
      </TabbedForm.Tab>
      <TabbedForm.Tab label="Localisation" path="localisation" {...tab}>
        <TextInput source="defaultLocale" label="Default locale" validate={[required(), locale]} />
        <TimezoneInput source="timezone" label="Time zone" validate={required()} />
        <Section>Locales and their URL prefixes</Section>
        <ArrayInput
          source="locales"
          label={false}
          helperText={edit ? false : 'Left empty, the site has its default locale without a prefix'}
        >
          <SimpleFormIterator inline disableReordering>
            <TextInput source="locale" label="Locale" validate={[required(), locale]} helperText={false} />
            <TextInput source="urlPrefix" label="URL prefix" placeholder="/de" parse={keepText} helperText={false} />
          </SimpleFormIterator>
        </ArrayInput>
        <TextArrayInput
          source="approvingLocales"
          label="Approving locales"
          validate={locales}
          helperText="Locales whose content needs an approval; type one and press Enter"
        />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="Workflow" path="workflow" {...tab}>
        <Section>Article workflow</Section>
        <BooleanInput source="secondEdit" label="Second edit" helperText="Articles pass a second editor" />
        <BooleanInput source="customerReview" label="Customer review" helperText="Articles go to the customer for review" />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, width: '100%' }}>
          <SelectInput source="factCheckLevels" label="Fact-check levels" choices={factCheckChoices} validate={required()} />
          <SelectInput source="reviewType" label="Review type" choices={toChoices(pick('reviewTypes') ?? [])} validate={required()} />
        </Box>
        <BooleanInput source="factCheckerDisplay" label="Show the fact checker" helperText="Published articles name their fact checker" />
        <BooleanInput source="publishContent" label="Publish content" helperText="Content and CTAs are published to the site" />
        <BooleanInput
          source="regulated"
          label="Regulated industry"
          helperText={
            edit
              ? 'A regulation approval is required before publishing'
              : 'A regulation approval is required before publishing; left untouched, it follows the industry'
          }
        />
        <BooleanInput
          source="fourEyes"
          label="Four-eyes rule"
          helperText="Nobody approves a fact check or regulation, or publishes, content they saved"
        />
        <Section>Modules</Section>
        <BooleanInput source="videoCms" label="Video CMS" />
        <BooleanInput source="croProxy" label="CRO proxy" />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="Custom code" path="code" {...tab}>
        <TextInput
          source="customHeadCode"
          label="Custom head code"
          multiline
          minRows={4}
          parse={keepText}
          helperText="Added to the <head> of every page"
          sx={{ '& textarea': { fontFamily: 'monospace', fontSize: 13 } }}
        />
        <TextInput
          source="customBodyCode"
          label="Custom body code"
          multiline
          minRows={4}
          parse={keepText}
          helperText="Added at the end of the <body> of every page"
          sx={{ '& textarea': { fontFamily: 'monospace', fontSize: 13 } }}
        />
        <TextInput source="cdnDistributionId" label="CDN distribution id" helperText="Needed to invalidate cached paths" />
      </TabbedForm.Tab>
    </TabbedForm>
  );
};

/** A new website's form starts with the API's own defaults (regulated is left to follow the industry). */
export const websiteDefaults = {
  defaultLocale: 'en',
  approvingLocales: [],
  timezone: 'UTC',
  currency: 'EUR',
  showInSitemap: true,
  reviewType: 'internal',
  factCheckerDisplay: true,
  secondEdit: false,
  customerReview: false,
  factCheckLevels: 1,
  publishContent: true,
  videoCms: false,
  croProxy: false,
  fourEyes: true,
};
