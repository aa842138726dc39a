import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import { lazyPage } from '../common/lazyPage';

const BioCreate = lazyPage(
  () => import('./BioCreate'),
  (m) => m.BioCreate,
);
const BioEdit = lazyPage(
  () => import('./BioEdit'),
  (m) => m.BioEdit,
);
const BioList = lazyPage(
  () => import('./BioList'),
  (m) => m.BioList,
);

export { BIOS } from './types';
export type { Bio } from './types';
export { MemberPickerInput } from './MemberPickerInput';

/** CMS settings, Bios tab (navigation `bios`): expert and writer bios the published posts credit. */
export const bios = {
  name: 'bios',
  list: BioList,
  create: BioCreate,
  edit: BioEdit,
  icon: BadgeOutlinedIcon,
  recordRepresentation: 'displayName',
};
