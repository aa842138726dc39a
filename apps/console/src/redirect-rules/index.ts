import AltRouteIcon from '@mui/icons-material/AltRoute';
import { RedirectRuleCreate } from './RedirectRuleCreate';
import { RedirectRuleEdit } from './RedirectRuleEdit';
import { RedirectRuleList } from './RedirectRuleList';

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
