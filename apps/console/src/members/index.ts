import GroupIcon from '@mui/icons-material/Group';
import { lazyPage } from '../common/lazyPage';

const MemberCreate = lazyPage(
  () => import('./MemberCreate'),
  (m) => m.MemberCreate,
);
const MemberEdit = lazyPage(
  () => import('./MemberEdit'),
  (m) => m.MemberEdit,
);
const MemberList = lazyPage(
  () => import('./MemberList'),
  (m) => m.MemberList,
);
const MemberShow = lazyPage(
  () => import('./MemberShow'),
  (m) => m.MemberShow,
);

export { LOGIN_AS_PATH, memberRoutes } from './routes';

export const MEMBERS_RESOURCE = 'members';

export const members = {
  name: MEMBERS_RESOURCE,
  list: MemberList,
  show: MemberShow,
  create: MemberCreate,
  edit: MemberEdit,
  icon: GroupIcon,
  recordRepresentation: 'name',
};
