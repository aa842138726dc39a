import { Alert, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import { actorName, changedFields } from '../common/historyText';
import { Timeline, TimelineEntry } from '../common/Timeline';
import { useWebsiteTimeZone } from '../common/DateFields';
import { BIOS, type Bio } from './types';

/** Fields named for people in "Changed …": `console.bios.history.fields.*`. */
const NAMED_FIELDS = ['profilePic', 'socialUrls', 'metaDescription', 'displayName'];

/** `GET /api/bios/{id}/history` as a timeline, newest first (reloaded with every new version). */
export const BioHistory = () => {
  const record = useRecordContext<Bio>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const translate = useTranslate();
  const timeZone = useWebsiteTimeZone(record);
  const fieldLabels = Object.fromEntries(
    NAMED_FIELDS.map((field) => [field, translate(`console.bios.history.fields.${field}`)]),
  );
  const { data, error, isPending } = useQuery({
    queryKey: [BIOS, 'history', record?.id, record?.version],
    queryFn: async () => (await dataProvider.history(BIOS, record!.id)).data,
    enabled: record?.id != null,
    retry: false,
  });
  if (!record) return null;
  const entries = [...(data ?? [])].sort((a, b) => (b.version ?? 0) - (a.version ?? 0));
  return (
    <Card
      sx={{
        width: { xs: '100%', lg: 320 },
        flexShrink: 0,
        ml: { lg: 2 },
        mt: { xs: 2, lg: 0 },
        alignSelf: 'flex-start',
      }}
    >
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {translate('console.bios.history.title')}
        </Typography>
        {error ? (
          <Alert severity="info">
            {translate('console.bios.history.failed', { message: (error as Error).message })}
          </Alert>
        ) : null}
        {isPending ? <CircularProgress size={24} /> : null}
        {!isPending && !error && entries.length === 0 ? (
          <Typography color="text.secondary">{translate('console.bios.history.empty')}</Typography>
        ) : null}
        <Timeline>
          {entries.map((entry) => {
            const fields = entry.type === 'BioChanged' ? changedFields(entry, fieldLabels) : null;
            const major = entry.type === 'BioPublished' || entry.type === 'BioCreated';
            return (
              <TimelineEntry
                key={`${entry.version}-${entry.type}`}
                data={{ 'data-history-event': entry.type }}
                title={translate(`console.bios.history.events.${entry.type}`, { _: entry.type })}
                by={actorName(entry.actor, translate('console.bios.history.system'))}
                time={entry.time ?? entry.timestamp}
                version={entry.version}
                timeZone={timeZone}
                dot={entry.type === 'BioPublished' ? 'success.main' : major ? 'primary.main' : 'grey.400'}
              >
                {fields ? (
                  <Typography variant="caption" component="div" color="text.secondary">
                    {translate('console.bios.history.changed', { fields })}
                  </Typography>
                ) : null}
              </TimelineEntry>
            );
          })}
        </Timeline>
      </CardContent>
    </Card>
  );
};
