import { ListSubheader } from '@mui/material';
import { Menu, useResourceDefinitions, useSidebarState, useTranslate } from 'react-admin';
import { croNavigation, menuGroupOf, type MenuGroup } from './types';

/**
 * The screens of a menu group, as the user's navigation (`GET /api/auth/user`) lists them: its
 * `cro/{resource}` entries, in the API's order, whose screen the console has in that group
 * (a resource registered with `options.menuGroup`). Without a navigation (not known yet, or an
 * older API), every screen of the group the menu's `visible` allows, in the order they are registered.
 */
const useGroupEntries = (group: MenuGroup, navigation: readonly string[], visible: (name: string) => boolean) => {
  const resources = useResourceDefinitions();
  const inGroup = (name: string) =>
    Object.hasOwn(resources, name) && resources[name]!.hasList && menuGroupOf(resources[name]!.options) === group;
  const listed = navigation.length
    ? navigation
        .filter((entry) => entry.startsWith(croNavigation('')))
        .map((entry) => entry.slice(croNavigation('').length))
    : Object.keys(resources);
  return [...new Set(listed)].filter((name) => inGroup(name) && visible(croNavigation(name)));
};

/**
 * The "Conversion" group of the main menu: the CRO screens the user's navigation lists
 * (`cro/{resource}`, given to CRO readers by the API's policy, in its order), then the analytics
 * screens. Nothing when it lists none.
 */
export const CroMenuItems = ({
  navigation,
  visible,
}: {
  navigation: readonly string[];
  visible: (name: string) => boolean;
}) => {
  const translate = useTranslate();
  const [open] = useSidebarState();
  const shown = useGroupEntries('conversion', navigation, visible);
  if (shown.length === 0) return <AnalyticsMenuItems navigation={navigation} visible={visible} />;
  return (
    <>
      <nav aria-label={translate('console.cro.menu')} data-menu-group="conversion">
        {open ? (
          <ListSubheader component="div" disableSticky sx={{ lineHeight: '32px', mt: 1, bgcolor: 'transparent' }}>
            {translate('console.cro.menu')}
          </ListSubheader>
        ) : null}
        {shown.map((name) => (
          <Menu.ResourceItem key={name} name={name} data-navigation={croNavigation(name)} />
        ))}
      </nav>
      <AnalyticsMenuItems navigation={navigation} visible={visible} />
    </>
  );
};

/**
 * The analytics screens, right after the Conversion group (navigation `cro/analytics`: the tabbed
 * Analytics page; `cro/excluded-pages`: the pages excluded from journey tracking). A group of
 * their own, under the Conversion heading's column; nothing when the navigation lists neither.
 */
const AnalyticsMenuItems = ({
  navigation,
  visible,
}: {
  navigation: readonly string[];
  visible: (name: string) => boolean;
}) => {
  const translate = useTranslate();
  const shown = useGroupEntries('analytics', navigation, visible);
  if (shown.length === 0) return null;
  return (
    <nav aria-label={translate('console.analytics.menu')} data-menu-group="analytics">
      {shown.map((name) => (
        <Menu.ResourceItem key={name} name={name} data-navigation={croNavigation(name)} />
      ))}
    </nav>
  );
};
