import { EditButton, useRecordContext } from 'react-admin';
import type { Member } from '../types';

/** The Edit button (the access form), shown only when the member's `allowedActions` include `ChangeAccess`. */
export const EditIfChangeAccess = ({ label = 'Edit' }: { label?: string }) => {
  const record = useRecordContext<Member>();
  if (!record?.allowedActions?.includes('ChangeAccess')) return null;
  return (
    <span onClick={(event) => event.stopPropagation()}>
      <EditButton label={label} />
    </span>
  );
};
