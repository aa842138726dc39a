import type { Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { Layout, Menu, usePermissions, useResourceDefinitions, useTranslate } from 'react-admin';
import { CroMenuItems } from '../cro/CroMenu';
import { menuGroupOf } from '../cro/types';
import { OUTBOX_RESOURCE } from '../outbox';
import { PROJECTIONS_RESOURCE } from '../projections';
import { PostMenuItems } from '../posts';
import type { ConsolePermissions } from '../types';
import { USERS_RESOURCE } from '../users';
import { ConsoleAppBar } from './ConsoleAppBar';
import { DemoBanner } from './DemoBanner';
import { DocumentTitle } from './DocumentTitle';
import { ImpersonationBanner } from './ImpersonationBanner';
import { OwnerMenuItems } from './OwnerMenuItems';
import { useKeepAlive } from './useKeepAlive';

/** Resources only a platform administrator sees in the menu (when the API's navigation is unknown). */
const ADMIN_ONLY = new Set([USERS_RESOURCE, OUTBOX_RESOURCE, PROJECTIONS_RESOURCE]);

/**
 * react-admin's default menu (dashboard, then every listable resource), limited to the
 * navigation the API's policy gives the current user (`GET /api/auth/user`).
 */
export const ConsoleMenu = () => {
  const resources = useResourceDefinitions();
  const translate = useTranslate();
  const { permissions, isPending } = usePermissions<ConsolePermissions | null>();
  const platformAdmin = permissions?.platformAdmin === true;
  const navigation = permissions?.navigation ?? [];
  // Until the permissions are read, the dashboard alone (no entry the user may not have, even briefly).
  const visible = (name: string) =>
    !isPending && (navigation.length ? navigation.includes(name) : platformAdmin || !ADMIN_ONLY.has(name));
  return (
    <Menu aria-label={translate('console.layout.menu.main')}>
      <Menu.DashboardItem />
      {Object.keys(resources)
        // The screens of a group (Conversion, Analytics: navigation `cro/{resource}`) are listed there, not flat.
        .filter((name) => resources[name]?.hasList && visible(name) && !menuGroupOf(resources[name]?.options))
        .map((name) => (
          <Menu.ResourceItem key={name} name={name} />
        ))}
      <PostMenuItems visible={visible} />
      <OwnerMenuItems visible={visible} />
      <CroMenuItems navigation={navigation} visible={visible} />
    </Menu>
  );
};

/**
 * On a phone the page is as wide as the screen: react-admin's layout otherwise grows to its
 * widest content (a row of tabs, a table), and the whole page then scrolls sideways. Here the
 * content keeps the screen's width; tabs scroll on their own and a table that is still wider
 * (the lists switch to SmallList, some pages keep a table) scrolls inside its own box.
 */
const PHONE_WIDTH = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    minWidth: 0,
    '& .RaLayout-content': { minWidth: 0 },
    '& .RaDataTable-tableWrapper, & .RaDatagrid-tableWrapper': { overflowX: 'auto' },
    // Pages and their cards keep the screen's width (a flex item otherwise grows to its content's).
    '& .RaEdit-main, & .RaCreate-main, & .RaShow-main, & .RaList-main, & .RaEdit-card, & .RaCreate-card, & .MuiTabs-root':
      { minWidth: 0 },
    '& .MuiTabs-root, & .RaEdit-card, & .RaCreate-card': { maxWidth: '100%' },
    // A list's filters and actions wrap onto more rows instead of widening the page.
    '& .RaList-actions form': { flexWrap: 'wrap', minWidth: 0 },
    '& .RaList-actions .filter-field, & .RaList-actions .MuiFormControl-root': { maxWidth: '100%' },
  },
});

export const ConsoleLayout = ({ children }: { children: ReactNode }) => {
  useKeepAlive();
  return (
    <Layout menu={ConsoleMenu} appBar={ConsoleAppBar} sx={PHONE_WIDTH}>
      <DocumentTitle />
      <ImpersonationBanner />
      <DemoBanner />
      {children}
    </Layout>
  );
};
