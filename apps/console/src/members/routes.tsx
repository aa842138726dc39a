import { Route } from 'react-router-dom';
import { CustomRoutes } from 'react-admin';
import { lazyPage } from '../common/lazyPage';

const LoginAsList = lazyPage(
  () => import('./LoginAsList'),
  (m) => m.LoginAsList,
);

/** The owners' "Log in as" page: the active members, at an address of its own (not Members'). */
export const LOGIN_AS_PATH = '/login-as';

export const memberRoutes = (
  <CustomRoutes>
    <Route path={LOGIN_AS_PATH} element={<LoginAsList />} />
  </CustomRoutes>
);
