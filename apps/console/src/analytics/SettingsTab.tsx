import { Box, Button, Typography } from '@mui/material';
import { Link, useGetOne, useTranslate } from 'react-admin';
import type { Website } from '../types';
import type { WebsiteSettings } from '../websites/settings';
import { NONE } from './format';
import { Loading, Panel } from './parts';

const Row = ({ label, value }: { label: string; value: string }) => {
  const translate = useTranslate();
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '260px 1fr' },
        gap: { sm: 2 },
        py: 0.75,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {translate(label)}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
};

/**
 * Settings: the website's analytics settings as they are (they live on the website: its page's
 * Analytics tab), with the way there and to the pages excluded from journey tracking.
 */
export const SettingsTab = ({ website }: { website: Website }) => {
  const translate = useTranslate();
  const { data, isPending } = useGetOne<WebsiteSettings>('websites', { id: website.id });
  const analytics = data?.analytics;
  const id = encodeURIComponent(String(website.id));
  const text = (value: string | null | undefined) => (value ? value : NONE);
  return (
    <Panel name="settings" title="console.analytics.settings.title" text="console.analytics.settings.text">
      {isPending ? <Loading height={200} /> : null}
      {data ? (
        <Box sx={{ maxWidth: 820 }}>
          <Row
            label="resources.websites.fields.analytics.trackingDomains"
            value={analytics?.trackingDomains?.length ? analytics.trackingDomains.join(', ') : NONE}
          />
          <Row
            label="resources.websites.fields.analytics.googleAnalyticsId"
            value={text(analytics?.googleAnalyticsId)}
          />
          <Row label="resources.websites.fields.analytics.facebookPixelId" value={text(analytics?.facebookPixelId)} />
          <Row label="resources.websites.fields.analytics.tagManagerId" value={text(analytics?.tagManagerId)} />
          <Row label="resources.websites.fields.analytics.segmentWriteKey" value={text(analytics?.segmentWriteKey)} />
          <Row
            label="resources.websites.fields.analytics.hubspotCtaClickEventId"
            value={text(analytics?.hubspotCtaClickEventId)}
          />
          <Row
            label="resources.websites.fields.analytics.controlGroupPct"
            value={`${analytics?.controlGroupPct ?? 0}%`}
          />
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
        <Button variant="contained" component={Link} to={`/websites/${id}/show/analytics`} data-settings-link>
          {translate('console.analytics.settings.open')}
        </Button>
        {data?.allowedActions?.includes('Update') ? (
          <Button component={Link} to={`/websites/${id}/analytics`}>
            {translate('console.analytics.settings.edit')}
          </Button>
        ) : null}
        <Button component={Link} to="/excluded-pages">
          {translate('console.analytics.settings.excluded')}
        </Button>
      </Box>
    </Panel>
  );
};
