import { useRecordContext, useTranslate } from 'react-admin';
import type { Member } from '../types';

export const MemberTitle = () => {
  const record = useRecordContext<Member>();
  const translate = useTranslate();
  return (
    <span>
      {record
        ? translate('console.members.title', { name: `"${record.name}"` })
        : translate('console.members.titleEmpty')}
    </span>
  );
};
