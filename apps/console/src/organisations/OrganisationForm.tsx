import { required, SimpleForm, TextArrayInput, TextInput, type SimpleFormProps } from 'react-admin';
import { httpUrl, isoCountry } from '../common/choices';
import { TimezoneInput } from '../common/TimezoneInput';

const upper = (value: string | null) => (value ? value.toUpperCase() : value);

export const OrganisationForm = (props: Omit<SimpleFormProps, 'children'>) => (
  <SimpleForm sx={{ maxWidth: 760 }} {...props}>
    <TextInput source="name" validate={required()} />
    <TextInput source="website" validate={httpUrl} placeholder="https://example.com" helperText="console.organisations.help.website" />
    <TextInput source="country" validate={isoCountry} parse={upper} helperText="console.organisations.help.country" />
    <TextArrayInput source="locales" helperText="console.organisations.help.locales" />
    <TimezoneInput source="timezone" validate={required()} />
  </SimpleForm>
);
