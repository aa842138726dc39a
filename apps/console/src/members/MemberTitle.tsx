import { useRecordContext } from 'react-admin';
import type { Member } from '../types';

export const MemberTitle = () => {
  const record = useRecordContext<Member>();
  return <span>Member {record ? `"${record.name}"` : ''}</span>;
};
