import { Box, MenuItem, Tab, Tabs, TextField, Typography } from '@mui/material';
import { Link, useParams } from 'react-router-dom';
import { Title, useStore, useTranslate } from 'react-admin';
import { DateRangePicker, type DateInterval, type DateRangeValue } from '../common/DateRangePicker';
import { useAnalyticsWebsite } from './api';
import { Loading } from './parts';
import { DashboardTab } from './DashboardTab';
import { EventsTab } from './EventsTab';
import { FunnelCreatorTab } from './FunnelCreatorTab';
import { FunnelsTab } from './FunnelsTab';
import { InsightsTab } from './InsightsTab';
import { ReportsTab } from './ReportsTab';
import { SettingsTab } from './SettingsTab';

/** The tabs of seed 001 "Analytics", in its order; each is a path: `#/analytics/{tab}`. */
export const ANALYTICS_TABS = [
  'insights',
  'events',
  'reports',
  'funnels',
  'funnel-creator',
  'dashboard',
  'settings',
] as const;
export type AnalyticsTab = (typeof ANALYTICS_TABS)[number];

/** Tabs that read a range of days (the others show every event, a fixed range or none). */
const WITH_RANGE = new Set<AnalyticsTab>(['insights', 'reports', 'funnels']);

const tabOf = (path: string | undefined): { tab: AnalyticsTab; rest: string | undefined } => {
  const [first, ...rest] = (path ?? '').split('/');
  const tab = (ANALYTICS_TABS as readonly string[]).includes(first ?? '') ? (first as AnalyticsTab) : 'insights';
  return { tab, rest: rest.length ? decodeURIComponent(rest.join('/')) : undefined };
};

/**
 * The Analytics area (seed 001: "Tabs: Insights, Events, Reports, Funnels, Funnel Creator,
 * Dashboard, Settings"): one website at a time (the last chosen, kept), a range of days for the
 * tabs that read one, each tab a path of its own (`#/analytics/reports`, `#/analytics/funnels/{id}`).
 */
export const AnalyticsPage = () => {
  const translate = useTranslate();
  const { tab, rest } = tabOf(useParams()['*']);
  const { websites, website, websiteId, setWebsiteId, isPending } = useAnalyticsWebsite();
  const [range, setRange] = useStore<DateRangeValue>('analytics.range', { preset: '28d' });
  const [interval, setInterval] = useStore<DateInterval>('analytics.interval', 'day');
  return (
    <Box sx={{ mt: 2, mb: 4, display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }} data-analytics-tab={tab}>
      <Title title="console.analytics.title" />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flex: '1 1 auto', mt: 0.5 }}>
          {translate('console.analytics.title')}
        </Typography>
        <TextField
          select
          size="small"
          label={translate('console.analytics.website')}
          value={websiteId ?? ''}
          onChange={(event) => setWebsiteId(event.target.value)}
          fullWidth={false}
          sx={{ width: 220 }}
          slotProps={{ htmlInput: { 'data-analytics-website': true } }}
        >
          {websites.map((w) => (
            <MenuItem key={String(w.id)} value={String(w.id)} data-website={w.name}>
              {w.name}
            </MenuItem>
          ))}
        </TextField>
        {WITH_RANGE.has(tab) ? (
          <DateRangePicker
            value={range}
            onChange={(value) => setRange(value)}
            timeZone={website?.timezone}
            interval={tab === 'insights' ? interval : undefined}
            onIntervalChange={tab === 'insights' ? setInterval : undefined}
          />
        ) : null}
      </Box>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={tab}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={translate('console.analytics.tabsLabel')}
        >
          {ANALYTICS_TABS.map((id) => (
            <Tab
              key={id}
              value={id}
              label={translate(`console.analytics.tabs.${id}`)}
              component={Link}
              to={`/analytics/${id}`}
              data-tab={id}
            />
          ))}
        </Tabs>
      </Box>
      {isPending ? (
        <Loading />
      ) : !website || !websiteId ? (
        <Typography color="text.secondary">{translate('console.analytics.noWebsites')}</Typography>
      ) : (
        <Box key={websiteId} sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
          {tab === 'insights' ? <InsightsTab website={website} range={range} interval={interval} /> : null}
          {tab === 'events' ? <EventsTab website={website} /> : null}
          {tab === 'reports' ? <ReportsTab website={website} range={range} /> : null}
          {tab === 'funnels' ? <FunnelsTab website={website} range={range} funnelId={rest} /> : null}
          {tab === 'funnel-creator' ? <FunnelCreatorTab website={website} funnelId={rest} /> : null}
          {tab === 'dashboard' ? <DashboardTab website={website} /> : null}
          {tab === 'settings' ? <SettingsTab website={website} /> : null}
        </Box>
      )}
    </Box>
  );
};
