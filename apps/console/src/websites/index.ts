import LanguageIcon from '@mui/icons-material/Language';
import { lazyPage } from '../common/lazyPage';

const WebsiteCreate = lazyPage(
  () => import('./WebsiteCreate'),
  (m) => m.WebsiteCreate,
);
const WebsiteEdit = lazyPage(
  () => import('./WebsiteEdit'),
  (m) => m.WebsiteEdit,
);
const WebsiteList = lazyPage(
  () => import('./WebsiteList'),
  (m) => m.WebsiteList,
);
const WebsiteShow = lazyPage(
  () => import('./WebsiteShow'),
  (m) => m.WebsiteShow,
);

export const websites = {
  name: 'websites',
  list: WebsiteList,
  show: WebsiteShow,
  create: WebsiteCreate,
  edit: WebsiteEdit,
  icon: LanguageIcon,
  recordRepresentation: 'name',
};
