import { Create } from 'react-admin';
import { SaveOnlyToolbar } from '../common/SaveOnlyToolbar';
import { useSaved } from '../common/useSaved';
import { OrganisationForm } from './OrganisationForm';

export const OrganisationCreate = () => {
  const onSuccess = useSaved('organisations', 'console.organisations.created');
  return (
    <Create title="console.organisations.create" mutationOptions={{ onSuccess }}>
      <OrganisationForm defaultValues={{ timezone: 'UTC', locales: ['en'] }} toolbar={<SaveOnlyToolbar />} />
    </Create>
  );
};
