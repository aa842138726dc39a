import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { CroRecord } from './types';

const COLORS: Record<string, ChipProps['color']> = {
  active: 'success',
  live: 'success',
  review: 'info',
  paused: 'warning',
  deactivated: 'warning',
  completed: 'secondary',
  completed_deployed: 'secondary',
  deleted: 'error',
};

/** The record's status in the API's words (`statusLabel`), coloured by its `status`. */
export const CroStatusChip = (_props: { label?: string; source?: string }) => {
  const record = useRecordContext<CroRecord>();
  if (!record?.status) return null;
  const color = COLORS[record.status] ?? 'default';
  return (
    <Chip
      key={record.status}
      size="small"
      label={record.statusLabel ?? record.status}
      color={color}
      variant={color === 'default' ? 'outlined' : 'filled'}
      data-status={record.status}
    />
  );
};
