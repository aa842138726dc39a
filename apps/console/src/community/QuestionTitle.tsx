import { useRecordContext, useTranslate } from 'react-admin';
import type { Question } from './types';

export const QuestionTitle = () => {
  const record = useRecordContext<Question>();
  const translate = useTranslate();
  return (
    <span>
      {record
        ? translate('console.community.questionTitle', { title: `"${record.title}"` })
        : translate('console.community.questionTitleEmpty')}
    </span>
  );
};
