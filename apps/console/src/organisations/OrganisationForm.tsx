import { required, SelectInput, SimpleForm, TextArrayInput, TextInput, type SimpleFormProps } from 'react-admin';
import { httpUrl, isoCountry } from '../common/choices';
import { TimezoneInput } from '../common/TimezoneInput';

const upper = (value: string | null) => (value ? value.toUpperCase() : value);

/** The retention choices (libs/organisations/src/domain/retention.ts) and the default when none is set. */
const RETENTION_CHOICES = [2, 14, 26, 38, 50].map((months) => ({
  id: months,
  name: `${months} months${months === 14 ? ' (default)' : ''}`,
}));

/** `edit`: the form of an existing organisation, which also sets how long analytics events are kept. */
export const OrganisationForm = ({
  edit = false,
  ...props
}: Omit<SimpleFormProps, 'children'> & { edit?: boolean }) => (
  <SimpleForm sx={{ maxWidth: 760 }} {...props}>
    <TextInput source="name" validate={required()} />
    <TextInput
      source="website"
      validate={httpUrl}
      placeholder="https://example.com"
      helperText="console.organisations.help.website"
    />
    <TextInput source="country" validate={isoCountry} parse={upper} helperText="console.organisations.help.country" />
    <TextArrayInput source="locales" helperText="console.organisations.help.locales" />
    <TimezoneInput source="timezone" validate={required()} />
    {edit && (
      <SelectInput
        source="analyticsRetentionMonths"
        choices={RETENTION_CHOICES}
        defaultValue={14}
        format={(value: number | null | undefined) => value ?? 14}
        helperText="console.organisations.help.analyticsRetentionMonths"
      />
    )}
  </SimpleForm>
);
