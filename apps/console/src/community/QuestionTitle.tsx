import { useRecordContext } from 'react-admin';
import type { Question } from './types';

export const QuestionTitle = () => {
  const record = useRecordContext<Question>();
  return <span>Question {record ? `"${record.title}"` : ''}</span>;
};
