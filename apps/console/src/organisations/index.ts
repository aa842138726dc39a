import BusinessIcon from '@mui/icons-material/Business';
import { OrganisationCreate } from './OrganisationCreate';
import { OrganisationEdit } from './OrganisationEdit';
import { OrganisationList } from './OrganisationList';
import { OrganisationShow } from './OrganisationShow';

export const organisations = {
  name: 'organisations',
  list: OrganisationList,
  show: OrganisationShow,
  create: OrganisationCreate,
  edit: OrganisationEdit,
  icon: BusinessIcon,
  recordRepresentation: 'name',
};

export { UpgradePrompt, type UpgradePromptProps } from './UpgradePrompt';
