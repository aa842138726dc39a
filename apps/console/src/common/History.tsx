import { Alert, CircularProgress, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useDataProvider, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import type { HistoryEntry } from '../types';
import { actorName, historyStory } from './historyText';
import { Timeline, TimelineEntry } from './Timeline';
import { useWebsiteTimeZone } from './DateFields';

/**
 * The record's events from `GET /api/{resource}/{id}/history` as a timeline, newest first, like the
 * post's: what happened, by whom, when (in the website's timezone), and what changed (in words: `historyStory`).
 */
export const History = () => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const translate = useTranslate();
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = record?.id;
  const version = record?.version;
  // Moments in the timezone of the record's website (a website's own), as everywhere else.
  const timeZone = useWebsiteTimeZone(record, resource === 'websites');

  useEffect(() => {
    if (id == null || !resource) return;
    let cancelled = false;
    dataProvider
      .history(resource, id)
      .then(({ data }) => {
        if (!cancelled) setEntries([...data].sort((a, b) => (b.version ?? 0) - (a.version ?? 0)));
      })
      .catch((e: unknown) => {
        if (cancelled) return;
        const status = (e as { status?: number }).status;
        setError(
          status === 404
            ? translate('console.common.history.notAvailable')
            : e instanceof Error && e.message
              ? translate('console.common.history.failedWith', { message: e.message })
              : translate('console.common.history.failed'),
        );
      });
    return () => {
      cancelled = true;
    };
  }, [dataProvider, resource, id, version, translate]);

  if (error) return <Alert severity="info">{error}</Alert>;
  if (!entries) return <CircularProgress size={24} />;
  if (entries.length === 0)
    return <Typography color="text.secondary">{translate('console.common.history.empty')}</Typography>;
  return (
    <Timeline>
      {entries.map((entry) => {
        const story = historyStory(entry, resource ?? '', translate);
        return (
          <TimelineEntry
            key={`${entry.version}-${entry.type}`}
            data={{ 'data-history-event': entry.type }}
            title={story.title}
            by={actorName(entry.actor, translate('console.common.history.system'))}
            time={entry.time ?? entry.timestamp}
            version={entry.version}
            timeZone={timeZone}
            dot={/Created|Joined|Published|Activated$/.test(entry.type) ? 'primary.main' : 'grey.400'}
          >
            {story.details.map((line) => (
              <Typography
                key={line}
                variant="caption"
                component="div"
                color="text.secondary"
                sx={{ mt: 0.25, overflowWrap: 'anywhere' }}
              >
                {line}
              </Typography>
            ))}
            {story.note ? (
              <Typography
                variant="body2"
                sx={{ mt: 0.5, px: 1, py: 0.5, bgcolor: 'action.hover', borderRadius: 1, whiteSpace: 'pre-wrap' }}
              >
                “{story.note}”
              </Typography>
            ) : null}
          </TimelineEntry>
        );
      })}
    </Timeline>
  );
};
