import GroupIcon from '@mui/icons-material/Group';
import { MemberCreate } from './MemberCreate';
import { MemberEdit } from './MemberEdit';
import { MemberList } from './MemberList';
import { MemberShow } from './MemberShow';

export const MEMBERS_RESOURCE = 'members';

export const members = {
  name: MEMBERS_RESOURCE,
  list: MemberList,
  show: MemberShow,
  create: MemberCreate,
  edit: MemberEdit,
  icon: GroupIcon,
  recordRepresentation: 'name',
};
