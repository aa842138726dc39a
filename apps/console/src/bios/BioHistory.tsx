import { Alert, Box, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useRecordContext } from 'react-admin';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import { actorName, changedFields, formatTime } from '../common/historyText';
import { BIOS, type Bio } from './types';

const EVENT_LABELS: Record<string, string> = {
  BioCreated: 'Created',
  BioChanged: 'Changed',
  BioPublished: 'Published',
  BioUnpublished: 'Unpublished',
  BioDeleted: 'Deleted',
};

const FIELD_LABELS: Record<string, string> = { profilePic: 'profile pic', socialUrls: 'social URLs', metaDescription: 'meta description', displayName: 'display name' };


/** `GET /api/bios/{id}/history` as a timeline, newest first (reloaded with every new version). */
export const BioHistory = () => {
  const record = useRecordContext<Bio>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { data, error, isPending } = useQuery({
    queryKey: [BIOS, 'history', record?.id, record?.version],
    queryFn: async () => (await dataProvider.history(BIOS, record!.id)).data,
    enabled: record?.id != null,
    retry: false,
  });
  if (!record) return null;
  const entries = [...(data ?? [])].sort((a, b) => (b.version ?? 0) - (a.version ?? 0));
  return (
    <Card sx={{ width: { xs: '100%', lg: 320 }, flexShrink: 0, ml: { lg: 2 }, mt: { xs: 2, lg: 0 }, alignSelf: 'flex-start' }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          History
        </Typography>
        {error ? <Alert severity="info">The history could not be loaded: {(error as Error).message}</Alert> : null}
        {isPending ? <CircularProgress size={24} /> : null}
        {!isPending && !error && entries.length === 0 ? <Typography color="text.secondary">No events yet.</Typography> : null}
        <Box component="ol" aria-label="History" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {entries.map((entry) => {
            const fields = entry.type === 'BioChanged' ? changedFields(entry, FIELD_LABELS) : null;
            const major = entry.type === 'BioPublished' || entry.type === 'BioCreated';
            return (
              <Box
                component="li"
                key={`${entry.version}-${entry.type}`}
                data-history-event={entry.type}
                sx={{ position: 'relative', pl: 2.5, pb: 1.5, borderLeft: 2, borderColor: 'divider', ml: 0.75, '&:last-of-type': { borderColor: 'transparent' } }}
              >
                <Box
                  sx={{
                    position: 'absolute',
                    left: -7,
                    top: 4,
                    width: 12,
                    height: 12,
                    borderRadius: '50%',
                    bgcolor: entry.type === 'BioPublished' ? 'success.main' : major ? 'primary.main' : 'grey.400',
                  }}
                />
                <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {EVENT_LABELS[entry.type] ?? entry.type}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    by {actorName(entry.actor, 'the system')}
                  </Typography>
                </Box>
                <Typography variant="caption" color="text.secondary" component="div">
                  {formatTime(entry.time ?? entry.timestamp)} · version {entry.version}
                </Typography>
                {fields ? (
                  <Typography variant="caption" component="div" color="text.secondary">
                    Changed {fields}
                  </Typography>
                ) : null}
              </Box>
            );
          })}
        </Box>
      </CardContent>
    </Card>
  );
};
