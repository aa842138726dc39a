import { Tooltip, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Member } from '../types';
import { formatDay, formatMoment } from '../common/dates';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
];
const WEEK = 7 * 24 * 60 * 60;

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** "just now", "5 minutes ago", "yesterday" for the last week, the date before that. */
export const formatLastActive = (iso: string, now = Date.now(), justNow = 'just now'): string => {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '—';
  const seconds = Math.round((time - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return justNow;
  if (abs >= WEEK) return formatDay(iso);
  let unit: Intl.RelativeTimeFormatUnit = 'minute';
  let size = 60;
  for (const [name, seconds] of UNITS) {
    if (abs >= seconds) {
      unit = name;
      size = seconds;
    }
  }
  return relative.format(Math.round(seconds / size), unit);
};

/** `lastActive` as a relative time (the exact time in a tooltip), "Never" when the member never signed in. */
export const LastActiveField = (_props: { label?: string }) => {
  const record = useRecordContext<Member>();
  const translate = useTranslate();
  if (!record) return null;
  if (!record.lastActive) {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {translate('console.members.never')}
      </Typography>
    );
  }
  return (
    <Tooltip title={formatMoment(record.lastActive)}>
      <Typography variant="body2" component="span">
        {formatLastActive(record.lastActive, Date.now(), translate('console.members.justNow'))}
      </Typography>
    </Tooltip>
  );
};
