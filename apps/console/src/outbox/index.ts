import MailIcon from '@mui/icons-material/Mail';
import { lazyPage } from '../common/lazyPage';

const OutboxList = lazyPage(
  () => import('./OutboxList'),
  (m) => m.OutboxList,
);

/** `GET /api/admin/outbox`: platform administrators only (the menu shows it to them alone). */
export const OUTBOX_RESOURCE = 'admin/outbox';

export const outbox = {
  name: OUTBOX_RESOURCE,
  list: OutboxList,
  icon: MailIcon,
  recordRepresentation: 'subject',
};
