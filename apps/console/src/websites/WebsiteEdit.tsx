import { Edit, ShowButton, TopToolbar } from 'react-admin';
import { WebsiteActionButtons } from './WebsiteActionButtons';
import { WebsiteForm } from './WebsiteForm';
import { WebsiteTitle } from './WebsiteTitle';

const Actions = () => (
  <TopToolbar>
    <WebsiteActionButtons />
    <ShowButton />
  </TopToolbar>
);

export const WebsiteEdit = () => (
  <Edit mutationMode="pessimistic" redirect="show" actions={<Actions />} title={<WebsiteTitle />}>
    <WebsiteForm edit />
  </Edit>
);
