import { Edit, ShowButton, TopToolbar } from 'react-admin';
import { OrganisationForm } from './OrganisationForm';

const Actions = () => (
  <TopToolbar>
    <ShowButton />
  </TopToolbar>
);

export const OrganisationEdit = () => (
  <Edit mutationMode="pessimistic" redirect="show" actions={<Actions />}>
    <OrganisationForm />
  </Edit>
);
