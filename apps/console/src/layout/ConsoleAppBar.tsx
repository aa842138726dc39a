import ExitToAppIcon from '@mui/icons-material/ExitToApp';
import SlideshowIcon from '@mui/icons-material/Slideshow';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { forwardRef } from 'react';
import { AppBar, Logout, UserMenu, useTranslate, useUserMenu } from 'react-admin';
import { useDemoMode } from './useDemoMode';

/** "Try the demo" (or "Exit demo mode" while in it) in the user menu. */
const DemoMenuItem = forwardRef<HTMLLIElement>(function DemoMenuItem(props, ref) {
  const { demo, canEnter, busy, enter, exit } = useDemoMode();
  const userMenu = useUserMenu();
  const translate = useTranslate();
  if (!demo && !canEnter) return null;
  const onClick = () => {
    userMenu?.onClose();
    void (demo ? exit() : enter());
  };
  return (
    <MenuItem ref={ref} {...props} onClick={onClick} disabled={busy}>
      <ListItemIcon>{demo ? <ExitToAppIcon fontSize="small" /> : <SlideshowIcon fontSize="small" />}</ListItemIcon>
      <ListItemText>{translate(demo ? 'console.layout.demo.exit' : 'console.layout.demo.enter')}</ListItemText>
    </MenuItem>
  );
});

const ConsoleUserMenu = () => (
  <UserMenu>
    <DemoMenuItem />
    <Logout />
  </UserMenu>
);

/** react-admin's app bar, with demo mode in the user menu. */
export const ConsoleAppBar = () => <AppBar userMenu={<ConsoleUserMenu />} />;
