import { Create, Loading, useGetIdentity } from 'react-admin';
import { websiteDefaults, WebsiteForm } from './WebsiteForm';

export const WebsiteCreate = () => {
  const { identity, isPending } = useGetIdentity();
  if (isPending) return <Loading />;
  const organisations = (identity?.organisations ?? []) as { id: string | number }[];
  const defaults = {
    ...websiteDefaults,
    // A user of exactly one organisation does not have to pick it.
    ...(organisations.length === 1 ? { organisationId: organisations[0]!.id } : {}),
  };
  return (
    <Create redirect="show" title="Create website">
      <WebsiteForm defaultValues={defaults} />
    </Create>
  );
};
