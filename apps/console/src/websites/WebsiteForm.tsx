import { Box } from '@mui/material';
import { FormSection } from '../common/FormSection';
import {
  ArrayInput,
  BooleanInput,
  Labeled,
  maxValue,
  minValue,
  NumberInput,
  ReferenceInput,
  required,
  SelectInput,
  SimpleFormIterator,
  TabbedForm,
  TextArrayInput,
  TextField,
  TextInput,
  useTranslate,
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
  value == null || value === '' || LOCALE.test(String(value)) ? undefined : 'console.websites.validation.locale';
const locales = (values: unknown) =>
  Array.isArray(values) && values.some((value) => locale(value)) ? 'console.websites.validation.locales' : undefined;

/** Keeps an emptied text as '' (the API wants text there, react-admin's default turns '' into null). */
const keepText = (value: string | null) => value ?? '';
/** A list of domains as the text input shows it: one per line (the API takes the text back). */
const linesOf = (value: unknown) => (Array.isArray(value) ? value.join('\n') : typeof value === 'string' ? value : '');

const Section = FormSection;

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
  hasSiteBuilder(values?.siteBuilder) && !String(value ?? '').trim()
    ? { message: 'console.websites.validation.siteBuilder', args: { field: label } }
    : undefined;

export const WebsiteForm = ({ edit = false, ...props }: Omit<TabbedFormProps, 'children'> & { edit?: boolean }) => {
  const options = useWebsiteOptions();
  const translate = useTranslate();
  return (
    <TabbedForm {...props}>
      <TabbedForm.Tab label="console.websites.tabs.overview" {...tab}>
        <ReferenceInput source="organisationId" reference="organisations" sort={{ field: 'name', order: 'ASC' }}>
          <SelectInput
            optionText="name"
            label="resources.websites.fields.organisationId"
            validate={required()}
            readOnly={edit}
          />
        </ReferenceInput>
        <TextInput source="name" validate={required()} />
        <TextInput source="url" placeholder="https://www.example.com" validate={[required(), httpUrl]} />
        <TextInput source="domain" parse={keepText} helperText="console.websites.help.domain" />
        {edit ? (
          <Box sx={{ display: 'flex', gap: 4, mt: 0.5, mb: 2 }}>
            <Labeled label="resources.websites.fields.status">
              <StatusChip />
            </Labeled>
            <Labeled label="resources.websites.fields.key">
              <TextField source="key" emptyText="—" sx={{ fontFamily: 'monospace' }} />
            </Labeled>
          </Box>
        ) : null}
        <Box sx={grid}>
          <OptionInput source="category" label="resources.websites.fields.category" values={options?.categories} />
          <OptionInput source="type" label="resources.websites.fields.type" values={options?.types} />
          <OptionInput source="industry" label="resources.websites.fields.industry" values={options?.industries} />
          <OptionInput
            source="currency"
            label="resources.websites.fields.currency"
            values={options?.currencies}
            required
          />
        </Box>
        <TimezoneInput source="timezone" label="resources.websites.fields.timezone" validate={required()} />
        <Section>console.websites.sections.workflow</Section>
        <Box sx={grid}>
          <SelectInput
            source="factCheckLevels"
            label="resources.websites.fields.factCheckLevels"
            choices={factCheckChoices}
            validate={required()}
          />
          <OptionInput
            source="reviewType"
            label="resources.websites.fields.reviewType"
            values={options?.reviewTypes}
            required
          />
        </Box>
        <BooleanInput source="secondEdit" helperText="console.websites.help.secondEdit" />
        <BooleanInput source="customerReview" helperText="console.websites.help.customerReview" />
        <BooleanInput source="factCheckerDisplay" helperText="console.websites.help.factCheckerDisplay" />
        <BooleanInput source="publishContent" helperText="console.websites.help.publishContent" />
        <BooleanInput
          source="regulated"
          helperText={edit ? 'console.websites.help.regulatedEdit' : 'console.websites.help.regulatedCreate'}
        />
        <BooleanInput source="fourEyes" helperText="console.websites.help.fourEyes" />
        <Section>console.websites.sections.modules</Section>
        <BooleanInput source="videoCms" />
        <BooleanInput source="croProxy" />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="console.websites.tabs.localisation" path="localisation" {...tab}>
        <TextInput source="defaultLocale" validate={[required(), locale]} />
        <Section>console.websites.sections.locales</Section>
        <ArrayInput source="locales" label={false} helperText={edit ? false : 'console.websites.help.locales'}>
          <SimpleFormIterator inline disableReordering>
            <TextInput
              source="locale"
              label="resources.websites.fields.locale"
              validate={[required(), locale]}
              helperText={false}
            />
            <TextInput
              source="urlPrefix"
              label="resources.websites.fields.urlPrefix"
              placeholder="/de"
              parse={keepText}
              helperText={false}
            />
          </SimpleFormIterator>
        </ArrayInput>
        <TextArrayInput
          source="approvingLocales"
          validate={locales}
          helperText="console.websites.help.approvingLocales"
        />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="console.websites.tabs.code" path="code" {...tab}>
        <TextInput
          source="customHeadCode"
          multiline
          minRows={4}
          parse={keepText}
          helperText="console.websites.help.customHeadCode"
          sx={monospace}
        />
        <TextInput
          source="customBodyCode"
          multiline
          minRows={4}
          parse={keepText}
          helperText="console.websites.help.customBodyCode"
          sx={monospace}
        />
        <BooleanInput source="showInSitemap" />
        <TextInput source="cdnDistributionId" helperText="console.websites.help.cdn" />
        <Section>console.websites.sections.siteBuilder</Section>
        <Box sx={grid}>
          <TextInput
            source="siteBuilder.token"
            type="password"
            autoComplete="off"
            validate={neededForSiteBuilder(translate('console.websites.validation.theToken'))}
            helperText="console.websites.help.token"
          />
          <TextInput
            source="siteBuilder.siteId"
            validate={neededForSiteBuilder(translate('console.websites.validation.theSiteId'))}
            helperText="console.websites.help.siteId"
          />
          <TextInput source="siteBuilder.authorsCollectionId" helperText={false} />
          <TextInput source="siteBuilder.categoriesCollectionId" helperText={false} />
          <TextInput source="siteBuilder.blogCollectionId" helperText={false} />
        </Box>
      </TabbedForm.Tab>
      <TabbedForm.Tab label="console.websites.tabs.analytics" path="analytics" {...tab}>
        <TextInput
          source="analytics.trackingDomains"
          multiline
          minRows={3}
          format={linesOf}
          parse={keepText}
          placeholder="shop.example.com"
          helperText="console.websites.help.trackingDomains"
          sx={monospace}
        />
        <Section>console.websites.sections.analyticsIds</Section>
        <Box sx={grid}>
          <TextInput source="analytics.googleAnalyticsId" placeholder="G-1A2B3C4D5E" helperText={false} />
          <TextInput source="analytics.facebookPixelId" placeholder="123456789012345" helperText={false} />
          <TextInput source="analytics.tagManagerId" placeholder="GTM-AB12CD3" helperText={false} />
          <TextInput source="analytics.segmentWriteKey" helperText={false} />
          <TextInput source="analytics.hubspotCtaClickEventId" helperText="console.websites.help.analyticsIds" />
        </Box>
        <Section>console.websites.sections.controlGroup</Section>
        <NumberInput
          source="analytics.controlGroupPct"
          min={0}
          max={100}
          step={1}
          validate={[minValue(0), maxValue(100)]}
          helperText="console.websites.help.controlGroupPct"
        />
      </TabbedForm.Tab>
      {edit ? (
        <TabbedForm.Tab label="console.websites.tabs.roles" path="roles">
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
  analytics: { trackingDomains: [], controlGroupPct: 0 },
};
