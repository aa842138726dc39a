import { EditButton, useRecordContext } from 'react-admin';

/** The Edit button, shown only when the record's `allowedActions` include `Update`. */
export const EditIfAllowed = () => {
  const record = useRecordContext();
  const allowed = record?.allowedActions as string[] | undefined;
  if (!record || (Array.isArray(allowed) && !allowed.includes('Update'))) return null;
  return <EditButton />;
};
