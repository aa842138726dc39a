import { Create } from 'react-admin';
import { OrganisationForm } from './OrganisationForm';

export const OrganisationCreate = () => (
  <Create redirect="show">
    <OrganisationForm defaultValues={{ timezone: 'UTC', locales: ['en'] }} />
  </Create>
);
