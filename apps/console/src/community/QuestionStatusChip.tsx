import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { useApiOptions } from '../providers/useApiOptions';
import type { Answer, Question } from './types';

const COLORS: Record<string, ChipProps['color']> = {
  pending_review: 'warning',
  pending: 'warning',
  new: 'info',
  draft: 'default',
  published: 'success',
  approved: 'success',
  declined: 'error',
  deleted: 'error',
};

const chip = (value: string, label: string, attribute: 'data-status' | 'data-moderator-status') => (
  <Chip
    key={value}
    size="small"
    label={label}
    color={COLORS[value] ?? 'default'}
    variant={COLORS[value] && COLORS[value] !== 'default' ? 'filled' : 'outlined'}
    {...{ [attribute]: value }}
  />
);

type Labelled = { id: string; name: string }[];

/** `GET /api/questions/options` and `GET /api/answers/options`: the statuses with their labels. */
interface QuestionOptions {
  statuses: Labelled;
  moderatorStatuses: Labelled;
}
interface AnswerOptions {
  statuses: Labelled;
}

const labelOf = (list: Labelled | undefined, value: string) => list?.find((entry) => entry.id === value)?.name ?? value;

/** A question's forum status ("pending review", new, draft, published, deleted) or an answer's. */
export const QuestionStatusChip = (_props: { label?: string }) => {
  const record = useRecordContext<Question | Answer>();
  const isQuestion = record != null && 'statusLabel' in record;
  const answers = useApiOptions<AnswerOptions>('answers', record != null && !isQuestion);
  if (!record?.status) return null;
  return chip(
    record.status,
    isQuestion && record.statusLabel ? record.statusLabel : labelOf(answers.data?.statuses, record.status),
    'data-status',
  );
};

/** The moderator status (pending review, approved, declined); a dash when it never went to the moderators. */
export const ModeratorStatusChip = (_props: { label?: string }) => {
  const record = useRecordContext<Question>();
  const { data } = useApiOptions<QuestionOptions>('questions');
  if (!record?.moderatorStatus) return <span>—</span>;
  return chip(
    record.moderatorStatus,
    labelOf(data?.moderatorStatuses, record.moderatorStatus),
    'data-moderator-status',
  );
};
