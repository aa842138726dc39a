import { useRecordContext, useTranslate } from 'react-admin';

export const OrganisationTitle = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  return (
    <span>
      {record
        ? translate('console.organisations.title', { name: `"${record.name}"` })
        : translate('console.organisations.titleEmpty')}
    </span>
  );
};
