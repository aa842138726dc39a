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
import { StatusChip } from '../common/StatusChip';
import { TimezoneInput } from '../common/TimezoneInput';
import { factCheckChoices, hasSiteBuilder } from './settings';
import { useWebsiteOptions } from './useWebsiteOptions';
import { WebsiteAccess } from './WebsiteAccess';

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
const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, width: '100%' };
const monospace = { '& textarea': { fontFamily: 'monospace', fontSize: 13 } };

/** The token and the site id are needed as soon as any site-builder field has a value. */
const neededForSiteBuilder = (label: string) => (value: unknown, values: Record<string, unknown>) =>
  hasSiteBuilder(values?.siteBuilder) && !String(value ?? '').trim() ? `${label} is needed to connect the site builder` : undefined;

export const WebsiteForm = ({ edit = false, ...props }: Omit<TabbedFormProps, 'children'> & { edit?: boolean }) => {
  const options = useWebsiteOptions();
  return (
    <TabbedForm {...props}>
      <TabbedForm.Tab label="Overview" {...tab}>
        <ReferenceInput source="organisationId" reference="organisations" sort={{ field: 'name', order: 'ASC' }}>
          <SelectInput optionText="name" label="Organisation" validate={required()} readOnly={edit} />
        </ReferenceInput>
        <TextInput source="name" validate={required()} />
        <TextInput source="url" label="URL" placeholder="https://www.example.com" validate={[required(), httpUrl]} />
        <TextInput source="domain" parse={keepText} helperText="Leave empty to derive it from the URL" />
        {edit ? (
          <Box sx={{ display: 'flex', gap: 4, mt: 0.5, mb: 2 }}>
            <Labeled label="Status">
              <StatusChip />
            </Labeled>
            <Labeled label="Tracking key">
              <TextField source="key" emptyText="—" sx={{ fontFamily: 'monospace' }} />
            </Labeled>
          </Box>
        ) : null}
        <Box sx={grid}>
          <OptionInput source="category" label="Category" values={options?.categories} />
          <OptionInput source="type" label="Type" values={options?.types} />
          <OptionInput source="industry" label="Industry" values={options?.industries} />
          <OptionInput source="currency" label="Currency" values={options?.currencies} required />
        </Box>
        <TimezoneInput source="timezone" label="Time zone" validate={required()} />
        <Section>Article workflow</Section>
        <Box sx={grid}>
          <SelectInput source="factCheckLevels" label="Fact-check levels" choices={factCheckChoices} validate={required()} />
          <OptionInput source="reviewType" label="Review type" values={options?.reviewTypes} required />
        </Box>
        <BooleanInput source="secondEdit" label="Second edit" helperText="Articles pass a second editor" />
        <BooleanInput source="customerReview" label="Customer review" helperText="Articles go to the customer for review" />
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
      <TabbedForm.Tab label="Localisation" path="localisation" {...tab}>
        <TextInput source="defaultLocale" label="Default locale" validate={[required(), locale]} />
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
      <TabbedForm.Tab label="Custom code" path="code" {...tab}>
        <TextInput
          source="customHeadCode"
          label="Custom head code"
          multiline
          minRows={4}
          parse={keepText}
          helperText="Added to the <head> of every page"
          sx={monospace}
        />
        <TextInput
          source="customBodyCode"
          label="Custom body code"
          multiline
          minRows={4}
          parse={keepText}
          helperText="Added at the end of the <body> of every page"
          sx={monospace}
        />
        <BooleanInput source="showInSitemap" label="Show in sitemap" />
        <TextInput source="cdnDistributionId" label="CDN distribution id" helperText="Needed to invalidate cached paths" />
        <Section>Site builder</Section>
        <Box sx={grid}>
          <TextInput
            source="siteBuilder.token"
            label="Site-builder token"
            type="password"
            autoComplete="off"
            validate={neededForSiteBuilder('The token')}
            helperText="The API token of the site builder"
          />
          <TextInput
            source="siteBuilder.siteId"
            label="Site id"
            validate={neededForSiteBuilder('The site id')}
            helperText="Leave all site-builder fields empty to disconnect it"
          />
          <TextInput source="siteBuilder.authorsCollectionId" label="Authors collection id" helperText={false} />
          <TextInput source="siteBuilder.categoriesCollectionId" label="Categories collection id" helperText={false} />
          <TextInput source="siteBuilder.blogCollectionId" label="Blog collection id" helperText={false} />
        </Box>
      </TabbedForm.Tab>
      {edit ? (
        <TabbedForm.Tab label="Roles and permissions" path="roles">
          <WebsiteAccess readOnly />
        </TabbedForm.Tab>
      ) : null}
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
