import BusinessIcon from '@mui/icons-material/Business';
import { lazyPage } from '../common/lazyPage';

const OrganisationCreate = lazyPage(
  () => import('./OrganisationCreate'),
  (m) => m.OrganisationCreate,
);
const OrganisationEdit = lazyPage(
  () => import('./OrganisationEdit'),
  (m) => m.OrganisationEdit,
);
const OrganisationList = lazyPage(
  () => import('./OrganisationList'),
  (m) => m.OrganisationList,
);
const OrganisationShow = lazyPage(
  () => import('./OrganisationShow'),
  (m) => m.OrganisationShow,
);

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
