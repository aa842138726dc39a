import { useRecordContext } from 'react-admin';

export const WebsiteTitle = () => {
  const record = useRecordContext();
  return <span>Website {record ? `"${record.name}"` : ''}</span>;
};
