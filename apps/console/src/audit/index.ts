import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import { lazyPage } from '../common/lazyPage';

const AuditList = lazyPage(
  () => import('./AuditList'),
  (m) => m.AuditList,
);

export const AUDIT_RESOURCE = 'audit';

/** The audit trail: a list only (events are never edited). Menu entry `audit` of the API's navigation. */
export const audit = {
  name: AUDIT_RESOURCE,
  list: AuditList,
  icon: ManageSearchIcon,
};
