import { Edit, ShowButton, TopToolbar } from 'react-admin';
import { SaveOnlyToolbar } from '../common/SaveOnlyToolbar';
import { useSaved } from '../common/useSaved';
import { WebsiteActionButtons } from './WebsiteActionButtons';
import { WebsiteForm } from './WebsiteForm';
import { websiteTransform } from './settings';
import { WebsiteTitle } from './WebsiteTitle';

const Actions = () => (
  <TopToolbar>
    <WebsiteActionButtons />
    <ShowButton />
  </TopToolbar>
);

// Pessimistic: the PUT leaves at once and the API's field errors ({ errors: { field } }) show under the inputs.
// Tabs: Overview, Localisation, Custom code, Roles and permissions (read only here; removing is on the show page).
export const WebsiteEdit = () => {
  const onSuccess = useSaved('websites', 'console.websites.saved');
  return (
    <Edit
      mutationMode="pessimistic"
      mutationOptions={{ onSuccess }}
      transform={websiteTransform}
      actions={<Actions />}
      title={<WebsiteTitle />}
    >
      <WebsiteForm edit toolbar={<SaveOnlyToolbar />} />
    </Edit>
  );
};
