import type { ReactNode } from 'react';
import { Layout, Menu, usePermissions, useResourceDefinitions } from 'react-admin';
import { OUTBOX_RESOURCE } from '../outbox';
import { PROJECTIONS_RESOURCE } from '../projections';
import type { ConsolePermissions } from '../types';
import { USERS_RESOURCE } from '../users';
import { ImpersonationBanner } from './ImpersonationBanner';
import { useKeepAlive } from './useKeepAlive';

/** Resources only a platform administrator sees in the menu. */
const ADMIN_ONLY = new Set([USERS_RESOURCE, OUTBOX_RESOURCE, PROJECTIONS_RESOURCE]);

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

export const ConsoleLayout = ({ children }: { children: ReactNode }) => {
  useKeepAlive();
  return (
    <Layout menu={ConsoleMenu}>
      <ImpersonationBanner />
      {children}
    </Layout>
  );
};
