import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import { BioCreate } from './BioCreate';
import { BioEdit } from './BioEdit';
import { BioList } from './BioList';

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
