import AltRouteIcon from '@mui/icons-material/AltRoute';
import { lazyPage } from '../common/lazyPage';

const RedirectRuleCreate = lazyPage(
  () => import('./RedirectRuleCreate'),
  (m) => m.RedirectRuleCreate,
);
const RedirectRuleEdit = lazyPage(
  () => import('./RedirectRuleEdit'),
  (m) => m.RedirectRuleEdit,
);
const RedirectRuleList = lazyPage(
  () => import('./RedirectRuleList'),
  (m) => m.RedirectRuleList,
);

export const REDIRECT_RULES_RESOURCE = 'redirect-rules';

/** The spec's "Redirects" screen (navigation `redirect-rules`, next to `redirects`). */
export const redirectRules = {
  name: REDIRECT_RULES_RESOURCE,
  list: RedirectRuleList,
  create: RedirectRuleCreate,
  edit: RedirectRuleEdit,
  icon: AltRouteIcon,
  recordRepresentation: 'fromPath',
};
