import { Edit, ShowButton, TopToolbar } from 'react-admin';
import { SaveOnlyToolbar } from '../common/SaveOnlyToolbar';
import { useSaved } from '../common/useSaved';
import { OrganisationForm } from './OrganisationForm';
import { OrganisationTitle } from './OrganisationTitle';

const Actions = () => (
  <TopToolbar>
    <ShowButton />
  </TopToolbar>
);

export const OrganisationEdit = () => {
  const onSuccess = useSaved('organisations', 'console.organisations.saved');
  return (
    <Edit
      mutationMode="pessimistic"
      mutationOptions={{ onSuccess }}
      actions={<Actions />}
      title={<OrganisationTitle />}
    >
      <OrganisationForm edit toolbar={<SaveOnlyToolbar />} />
    </Edit>
  );
};
