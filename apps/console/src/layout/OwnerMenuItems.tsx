import SwitchAccountOutlinedIcon from '@mui/icons-material/SwitchAccountOutlined';
import { Menu } from 'react-admin';
import { LOGIN_AS_PATH } from '../members/routes';

/**
 * The owners' navigation of the spec (seed 000 section 2) beyond the resources. "Roles and
 * permissions" is the Members screen itself (each member's organisation, CMS and CRO roles,
 * changed there), so the menu's Members entry stands for it rather than a second entry leading to
 * the same list. "Log in as" has its page (`/login-as`: the active members, each with a "Log in
 * as" button). `data-navigation` names the navigation entry an item stands for.
 */
export const OwnerMenuItems = ({ visible }: { visible: (name: string) => boolean }) => (
  <>
    {visible('login-as') && (
      <Menu.Item
        to={LOGIN_AS_PATH}
        primaryText="console.layout.menu.loginAs"
        leftIcon={<SwitchAccountOutlinedIcon />}
        data-navigation="login-as"
      />
    )}
  </>
);
