import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext } from 'react-admin';

const colors: Record<string, ChipProps['color']> = {
  active: 'success',
  running: 'success',
  live: 'success',
  published: 'success',
  inactive: 'default',
  draft: 'default',
  deactivated: 'warning',
  review: 'info',
  deleted: 'error',
  failed: 'error',
};

/** The record's `status` as a coloured chip. */
export const StatusChip = ({ source = 'status' }: { source?: string; label?: string }) => {
  const record = useRecordContext();
  const value = record?.[source];
  if (value == null || value === '') return null;
  return (
    <Chip
      key={String(value)} // a new chip per status: no colour transition from the previous one
      size="small"
      label={String(value)}
      color={colors[String(value)] ?? 'default'}
      variant={colors[String(value)] && colors[String(value)] !== 'default' ? 'filled' : 'outlined'}
      data-status={String(value)}
    />
  );
};
