import { ListSubheader } from '@mui/material';
import { Menu, useSidebarState, useTranslate } from 'react-admin';
import { ANALYTICS_RESOURCES } from '../analytics';
import { CRO_RESOURCES, croNavigation } from './types';

/**
 * The "Conversion" group of the main menu: the CRO screens the user's navigation lists
 * (`cro/{resource}`, given to CRO readers by the API's policy), then the analytics screens.
 * Nothing when it lists none.
 */
export const CroMenuItems = ({ visible }: { visible: (name: string) => boolean }) => {
  const translate = useTranslate();
  const [open] = useSidebarState();
  const shown = CRO_RESOURCES.filter((name) => visible(croNavigation(name)));
  if (shown.length === 0) return <AnalyticsMenuItems visible={visible} />;
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
      <AnalyticsMenuItems visible={visible} />
    </>
  );
};

/**
 * The analytics screens, right after the Conversion group (navigation `cro/analytics`: the tabbed
 * Analytics page; `cro/excluded-pages`: the pages excluded from journey tracking). A group of
 * their own, under the Conversion heading's column; nothing when the navigation lists neither.
 */
const AnalyticsMenuItems = ({ visible }: { visible: (name: string) => boolean }) => {
  const translate = useTranslate();
  const shown = ANALYTICS_RESOURCES.filter((name) => visible(croNavigation(name)));
  if (shown.length === 0) return null;
  return (
    <nav aria-label={translate('console.analytics.menu')} data-menu-group="analytics">
      {shown.map((name) => (
        <Menu.ResourceItem key={name} name={name} data-navigation={croNavigation(name)} />
      ))}
    </nav>
  );
};
