import type { ReactNode } from 'react';
import { Layout, Menu, usePermissions, useResourceDefinitions } from 'react-admin';
import { PROJECTIONS_RESOURCE } from '../projections';
import type { ConsolePermissions } from '../types';

/** Resources only a platform administrator sees in the menu. */
const ADMIN_ONLY = new Set([PROJECTIONS_RESOURCE]);

/** react-admin's default menu (dashboard, then every listable resource), less the admin-only ones for others. */
export const ConsoleMenu = () => {
  const resources = useResourceDefinitions();
  const { permissions } = usePermissions<ConsolePermissions | null>();
  const platformAdmin = permissions?.platformAdmin === true;
  return (
    <Menu>
      <Menu.DashboardItem />
      {Object.keys(resources)
        .filter((name) => resources[name]?.hasList && (platformAdmin || !ADMIN_ONLY.has(name)))
        .map((name) => (
          <Menu.ResourceItem key={name} name={name} />
        ))}
    </Menu>
  );
};

export const ConsoleLayout = ({ children }: { children: ReactNode }) => <Layout menu={ConsoleMenu}>{children}</Layout>;
