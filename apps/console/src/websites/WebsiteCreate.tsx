import { Create, Loading, useGetList } from 'react-admin';
import { SaveOnlyToolbar } from '../common/SaveOnlyToolbar';
import { useSaved } from '../common/useSaved';
import { websiteDefaults, WebsiteForm } from './WebsiteForm';
import { websiteTransform } from './settings';

export const WebsiteCreate = () => {
  const onSuccess = useSaved('websites', 'console.websites.created');
  // A user of exactly one organisation does not have to pick it.
  const {
    data: organisations,
    total,
    isPending,
  } = useGetList('organisations', {
    pagination: { page: 1, perPage: 2 },
    sort: { field: 'name', order: 'ASC' },
  });
  if (isPending) return <Loading />;
  const only = total === 1 ? organisations?.[0] : undefined;
  const defaults = { ...websiteDefaults, ...(only ? { organisationId: only.id } : {}) };
  return (
    <Create title="console.websites.create" mutationOptions={{ onSuccess }} transform={websiteTransform}>
      <WebsiteForm defaultValues={defaults} toolbar={<SaveOnlyToolbar />} />
    </Create>
  );
};
