import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { Member } from '../types';

const STYLE: Record<string, { color: ChipProps['color']; variant: ChipProps['variant'] }> = {
  accepted: { color: 'success', variant: 'filled' },
  pending: { color: 'info', variant: 'filled' },
  rejected: { color: 'default', variant: 'filled' },
  inactive: { color: 'default', variant: 'outlined' },
};

/** The member's `statusLabel` (Active, Invited, Declined, inactive) as a chip coloured by `status`. */
export const MemberStatusChip = (_props: { label?: string }) => {
  const record = useRecordContext<Member>();
  if (!record?.status) return null;
  const style = STYLE[record.status] ?? { color: 'default', variant: 'outlined' };
  return (
    <Chip
      key={record.status}
      size="small"
      label={record.statusLabel ?? record.status}
      color={style.color}
      variant={style.variant}
      data-status={record.status}
    />
  );
};
