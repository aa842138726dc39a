import { useRecordContext, useTranslate } from 'react-admin';

export const WebsiteTitle = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  return (
    <span>
      {record
        ? translate('console.websites.title', { name: `"${record.name}"` })
        : translate('console.websites.titleEmpty')}
    </span>
  );
};
