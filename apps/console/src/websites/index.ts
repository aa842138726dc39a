import LanguageIcon from '@mui/icons-material/Language';
import { WebsiteCreate } from './WebsiteCreate';
import { WebsiteEdit } from './WebsiteEdit';
import { WebsiteList } from './WebsiteList';
import { WebsiteShow } from './WebsiteShow';

export const websites = {
  name: 'websites',
  list: WebsiteList,
  show: WebsiteShow,
  create: WebsiteCreate,
  edit: WebsiteEdit,
  icon: LanguageIcon,
  recordRepresentation: 'name',
};
