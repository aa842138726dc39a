import { Box, Card, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetOne, useRecordContext, useTranslate } from 'react-admin';
import { DateRangePicker, type DateRangeValue } from '../common/DateRangePicker';
import type { CroRecord } from '../cro/types';
import type { Website } from '../types';
import { rangeParams, useReport, type MetricsReport } from './api';
import { formatCount, formatMoney, formatPercent } from './format';
import { Figure, Figures, Loading, Pending, ReportError } from './parts';

/**
 * A campaign's analytics on its page (seed 001 "Campaign ... analytics: page views, clicks, ctr,
 * coverage, revenue"): `GET /api/reports/metrics?websiteId=&campaignId=` over a chosen range (the
 * last 28 days at first). Page views are those of the pages its rules match; clicks and
 * impressions those of its CTAs; coverage the share of those pages' visitors who saw one of its
 * CTAs; revenue the conversions its CTAs touched last.
 */
export const CampaignAnalytics = () => {
  const record = useRecordContext<CroRecord>();
  const translate = useTranslate();
  const [range, setRange] = useState<DateRangeValue>({ preset: '28d' });
  const websiteId = record?.websiteId ? String(record.websiteId) : undefined;
  const { data: website } = useGetOne<Website>('websites', { id: websiteId ?? '' }, { enabled: Boolean(websiteId) });
  const { data, error, isPending } = useReport<MetricsReport>(
    'metrics',
    { websiteId, campaignId: record ? String(record.id) : undefined, interval: 'day', ...rangeParams(range) },
    Boolean(record && websiteId),
  );
  if (!record) return null;
  const totals = data?.totals;
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={translate('console.analytics.campaign.title')}
      data-campaign-analytics
      sx={{ mt: 2 }}
    >
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
          <Box sx={{ flex: 1, minWidth: 200 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {translate('console.analytics.campaign.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('console.analytics.campaign.text')}
            </Typography>
          </Box>
          <DateRangePicker value={range} onChange={(value) => setRange(value)} timeZone={website?.timezone} />
        </Box>
        <Pending left={data?.pendingVisitors} />
        <ReportError error={error} />
        {isPending && !error ? <Loading height={88} /> : null}
        {totals ? (
          <Figures min={140}>
            <Figure
              name="pageViews"
              label="console.analytics.metrics.pageViews"
              value={formatCount(totals.pageViews)}
            />
            <Figure
              name="clicks"
              label="console.analytics.metrics.clicks"
              value={formatCount(totals.clicks)}
              hint={translate('console.analytics.campaign.impressions', {
                count: formatCount(totals.impressions),
                smart_count: totals.impressions,
              })}
            />
            <Figure name="ctr" label="console.analytics.metrics.ctr" value={formatPercent(totals.ctr)} />
            <Figure name="coverage" label="console.analytics.metrics.coverage" value={formatPercent(totals.coverage)} />
            <Figure
              name="revenue"
              label="console.analytics.metrics.revenue"
              value={formatMoney(totals.revenue, website?.currency)}
              hint={translate('console.analytics.campaign.conversions', {
                count: formatCount(totals.conversions),
                smart_count: totals.conversions,
              })}
            />
          </Figures>
        ) : null}
      </CardContent>
    </Card>
  );
};
