import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import SwitchAccountOutlinedIcon from '@mui/icons-material/SwitchAccountOutlined';
import { Menu } from 'react-admin';

const activeMembers = `/members?filter=${encodeURIComponent(JSON.stringify({ status: 'accepted' }))}`;

/**
 * The owners' navigation of the spec (seed 000 section 2): Roles and permissions (the members
 * with their organisation, CMS and CRO roles, changed there) and Log in as (active members, each
 * with a "Log in as" button). `data-navigation` names the navigation entry an item stands for.
 */
export const OwnerMenuItems = ({ visible }: { visible: (name: string) => boolean }) => (
  <>
    {visible('roles-and-permissions') && (
      <Menu.Item to="/members" primaryText="console.layout.menu.rolesAndPermissions" leftIcon={<AdminPanelSettingsOutlinedIcon />} data-navigation="roles-and-permissions" />
    )}
    {visible('login-as') && <Menu.Item to={activeMembers} primaryText="console.layout.menu.loginAs" leftIcon={<SwitchAccountOutlinedIcon />} data-navigation="login-as" />}
  </>
);
