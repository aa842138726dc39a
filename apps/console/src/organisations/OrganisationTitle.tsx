import { useRecordContext } from 'react-admin';

export const OrganisationTitle = () => {
  const record = useRecordContext();
  return <span>Organisation {record ? `"${record.name}"` : ''}</span>;
};
