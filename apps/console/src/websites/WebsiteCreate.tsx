import { Create, Loading, useGetIdentity } from 'react-admin';
import { SaveOnlyToolbar } from '../common/SaveOnlyToolbar';
import { useSaved } from '../common/useSaved';
import { websiteDefaults, WebsiteForm } from './WebsiteForm';

export const WebsiteCreate = () => {
  const { identity, isPending } = useGetIdentity();
  const onSuccess = useSaved('websites', 'Website created');
  if (isPending) return <Loading />;
  const organisations = (identity?.organisations ?? []) as { id: string | number }[];
  const defaults = {
    ...websiteDefaults,
    // A user of exactly one organisation does not have to pick it.
    ...(organisations.length === 1 ? { organisationId: organisations[0]!.id } : {}),
  };
  return (
    <Create title="Create website" mutationOptions={{ onSuccess }}>
      <WebsiteForm defaultValues={defaults} toolbar={<SaveOnlyToolbar />} />
    </Create>
  );
};
