import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { formatTime } from './historyText';

/** A vertical timeline (the history panels of posts and bios), newest first. */
export const Timeline = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box component="ol" aria-label={translate('console.common.history.label')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {children}
    </Box>
  );
};

/**
 * One event of a timeline: a dot (`dot`: a theme colour), what happened and by whom, when (in the
 * website's timezone when given) and which version, then whatever the event adds (`children`). `data` goes on the item (test hooks).
 */
export const TimelineEntry = ({
  title,
  by,
  time,
  version,
  dot = 'grey.400',
  data,
  timeZone,
  children,
}: {
  title: ReactNode;
  by: string;
  time: string | null | undefined;
  version: number | undefined;
  dot?: string;
  data?: Record<`data-${string}`, string>;
  /** The timezone of the record's website (null: the browser's). */
  timeZone?: string | null;
  children?: ReactNode;
}) => {
  const translate = useTranslate();
  return (
    <Box
      component="li"
      {...data}
      sx={{
        position: 'relative',
        pl: 2.5,
        pb: 1.5,
        borderLeft: 2,
        borderColor: 'divider',
        ml: 0.75,
        '&:last-of-type': { borderColor: 'transparent' },
      }}
    >
      <Box sx={{ position: 'absolute', left: -7, top: 4, width: 12, height: 12, borderRadius: '50%', bgcolor: dot }} />
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('console.common.history.byWho', { name: by })}
        </Typography>
      </Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate('console.common.history.timeAndVersion', {
          time: formatTime(time, timeZone),
          version: version ?? '—',
        })}
      </Typography>
      {children}
    </Box>
  );
};
