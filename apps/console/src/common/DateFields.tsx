import { Typography, type TypographyProps } from '@mui/material';
import { useGetOne, useRecordContext, type Identifier } from 'react-admin';
import { formatDay, formatMoment } from './dates';

/**
 * The timezone of the website a record belongs to (`websiteId`, or the website record itself):
 * react-admin's cache answers it once per website; null (the browser's) for records of no website.
 */
export const useWebsiteTimeZone = (
  record: { id?: Identifier; websiteId?: Identifier | null; timezone?: unknown } | undefined,
  isWebsite = false,
): string | null => {
  const websiteId = isWebsite ? undefined : record?.websiteId;
  const { data } = useGetOne<{ id: Identifier; timezone?: string }>(
    'websites',
    { id: websiteId! },
    { enabled: websiteId != null },
  );
  if (isWebsite) return typeof record?.timezone === 'string' ? record.timezone : null;
  return data?.timezone ?? null;
};

interface DateFieldProps {
  source: string;
  /** Shown without a value. */
  emptyText?: string;
  /** The record is a website (its own timezone), not a record of one. */
  website?: boolean;
  variant?: TypographyProps['variant'];
  /** react-admin reads a field's label from its props. */
  label?: string;
  sortable?: boolean;
}

const useValue = (source: string) => {
  const record = useRecordContext<Record<string, unknown> & { id: Identifier; websiteId?: Identifier | null }>();
  const value = record?.[source];
  return { record, value: typeof value === 'string' && value ? value : null };
};

/** A moment of a record in the console's one date-time format, in its website's timezone. */
export const MomentField = ({ source, emptyText = '—', website = false, variant = 'body2' }: DateFieldProps) => {
  const { record, value } = useValue(source);
  const timeZone = useWebsiteTimeZone(record, website);
  return (
    <Typography component="span" variant={variant} sx={{ whiteSpace: 'nowrap' }}>
      {value ? formatMoment(value, timeZone) : emptyText}
    </Typography>
  );
};

/** The day of a record's moment (or a calendar day) in the console's one date format, in its website's timezone. */
export const DayField = ({ source, emptyText = '—', website = false, variant = 'body2' }: DateFieldProps) => {
  const { record, value } = useValue(source);
  const timeZone = useWebsiteTimeZone(record, website);
  return (
    <Typography component="span" variant={variant} sx={{ whiteSpace: 'nowrap' }}>
      {value ? formatDay(value, timeZone) : emptyText}
    </Typography>
  );
};
