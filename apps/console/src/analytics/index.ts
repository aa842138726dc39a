import DoNotDisturbOnOutlinedIcon from '@mui/icons-material/DoNotDisturbOnOutlined';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import { lazyPage } from '../common/lazyPage';

/** The Analytics area (its tabs, Recharts) and the excluded pages: chunks of their own, loaded when first shown. */
const AnalyticsPage = lazyPage(
  () => import('./AnalyticsPage'),
  (m) => m.AnalyticsPage,
);
const ExcludedPageList = lazyPage(
  () => import('./ExcludedPages'),
  (m) => m.ExcludedPageList,
);
const ExcludedPageCreate = lazyPage(
  () => import('./ExcludedPages'),
  (m) => m.ExcludedPageCreate,
);

/** The menu's group of these screens (navigation `cro/analytics`, `cro/excluded-pages`; their own group, after Conversion). */
const inAnalytics = { menuGroup: 'analytics' } as const;

/** `#/analytics/{tab}`: a list-only resource whose page reads its tab from the rest of the path. */
export const analytics = { name: 'analytics', list: AnalyticsPage, icon: QueryStatsIcon, options: inAnalytics };

/** `#/excluded-pages`: the pages excluded from journey tracking (`/api/excluded-pages`). */
export const excludedPages = {
  name: 'excluded-pages',
  list: ExcludedPageList,
  create: ExcludedPageCreate,
  icon: DoNotDisturbOnOutlinedIcon,
  recordRepresentation: 'urlRule',
  options: inAnalytics,
};
