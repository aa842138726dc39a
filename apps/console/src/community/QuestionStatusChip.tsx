import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext } from 'react-admin';
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

/** A question's forum status ("pending review", new, draft, published, deleted) or an answer's. */
export const QuestionStatusChip = (_props: { label?: string }) => {
  const record = useRecordContext<Question | Answer>();
  if (!record?.status) return null;
  return chip(record.status, 'statusLabel' in record && record.statusLabel ? record.statusLabel : record.status, 'data-status');
};

/** The moderator status (pending review, approved, declined); a dash when it never went to the moderators. */
export const ModeratorStatusChip = (_props: { label?: string }) => {
  const record = useRecordContext<Question>();
  if (!record?.moderatorStatus) return <span>—</span>;
  return chip(record.moderatorStatus, record.moderatorStatus.replace('_', ' '), 'data-moderator-status');
};
