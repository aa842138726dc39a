import PeopleIcon from '@mui/icons-material/People';
import { lazyPage } from '../common/lazyPage';

const UserList = lazyPage(
  () => import('./UserList'),
  (m) => m.UserList,
);

/** `GET /api/users`: platform administrators only (the menu shows it to them alone). */
export const USERS_RESOURCE = 'users';

export const users = {
  name: USERS_RESOURCE,
  list: UserList,
  icon: PeopleIcon,
  recordRepresentation: 'name',
};
