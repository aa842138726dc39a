import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useStore, useTranslate } from 'react-admin';
import type { DateInterval, DateRangeValue } from '../common/dateRanges';
import type { Website } from '../types';
import { rangeParams, useHasEvents, useReport, type MetricsReport, type MetricTotals } from './api';
import { MetricsChart, SERIES, type Series } from './charts';
import { formatCount, formatMoney, formatPercent } from './format';
import { Figure, Figures, Loading, NoEventsYet, num, Panel, Pending, ReportError, Scroll } from './parts';

/** The metric cards of a metrics report, in the order people read them. */
export const MetricFigures = ({
  totals,
  currency,
  only,
}: {
  totals: MetricTotals;
  currency?: string | null;
  only?: (keyof MetricTotals)[];
}) => {
  const all: [keyof MetricTotals, string][] = [
    ['visitors', formatCount(totals.visitors)],
    ['pageViews', formatCount(totals.pageViews)],
    ['organicTraffic', formatCount(totals.organicTraffic)],
    ['impressions', formatCount(totals.impressions)],
    ['clicks', formatCount(totals.clicks)],
    ['ctr', formatPercent(totals.ctr)],
    ['coverage', formatPercent(totals.coverage)],
    ['conversions', formatCount(totals.conversions)],
    ['conversionRate', formatPercent(totals.conversionRate)],
    ['revenue', formatMoney(totals.revenue, currency)],
    ['revenuePerVisitor', formatMoney(totals.revenuePerVisitor, currency)],
  ];
  const shown = only ? only.map((key) => all.find(([k]) => k === key)!).filter(Boolean) : all;
  return (
    <Figures>
      {shown.map(([key, value]) => (
        <Figure key={key} name={key} label={`console.analytics.metrics.${key}`} value={value} />
      ))}
    </Figures>
  );
};

/** The pages of the range by views (up to 20): views, organic views, landings, visitors. */
const TopPages = ({ pages }: { pages: MetricsReport['topPages'] }) => {
  const translate = useTranslate();
  if (!pages.length) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('console.analytics.insights.noPages')}
      </Typography>
    );
  }
  return (
    <Scroll>
      <Table size="small" aria-label={translate('console.analytics.insights.topPages')} data-table="top-pages">
        <TableHead>
          <TableRow>
            <TableCell>{translate('console.analytics.insights.page')}</TableCell>
            <TableCell {...num}>{translate('console.analytics.metrics.pageViews')}</TableCell>
            <TableCell {...num}>{translate('console.analytics.metrics.organicTraffic')}</TableCell>
            <TableCell {...num}>{translate('console.analytics.insights.landings')}</TableCell>
            <TableCell {...num}>{translate('console.analytics.metrics.visitors')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {pages.map((p) => (
            <TableRow key={p.page} hover data-page={p.page}>
              <TableCell sx={{ fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere', minWidth: 200 }}>
                {p.page}
              </TableCell>
              <TableCell {...num}>{formatCount(p.views)}</TableCell>
              <TableCell {...num}>{formatCount(p.organic)}</TableCell>
              <TableCell {...num}>{formatCount(p.landings)}</TableCell>
              <TableCell {...num}>{formatCount(p.visitors)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Scroll>
  );
};

/** Insights: the metric cards, the chosen series over time, the top pages. */
export const InsightsTab = ({
  website,
  range,
  interval,
}: {
  website: Website;
  range: DateRangeValue;
  interval: DateInterval;
}) => {
  const translate = useTranslate();
  const [series, setSeries] = useStore<Series[]>('analytics.insights.series', ['pageViews', 'visitors']);
  const websiteId = String(website.id);
  const hasEvents = useHasEvents(websiteId);
  const { data, error, isPending } = useReport<MetricsReport>('metrics', {
    websiteId,
    interval,
    ...rangeParams(range),
  });
  const chosen = series.filter((s) => (SERIES as readonly string[]).includes(s));
  return (
    <>
      {hasEvents === false ? <NoEventsYet websiteId={websiteId} /> : null}
      <Pending left={data?.pendingVisitors} />
      <ReportError error={error} />
      {isPending && !error ? <Loading /> : null}
      {data ? (
        <>
          <MetricFigures totals={data.totals} currency={website.currency} />
          <Panel
            name="metrics-chart"
            title="console.analytics.insights.overTime"
            action={
              <ToggleButtonGroup
                size="small"
                value={chosen}
                onChange={(_event, value: Series[]) => value.length && setSeries(value)}
                aria-label={translate('console.analytics.insights.series')}
                sx={{ flexWrap: 'wrap' }}
              >
                {SERIES.map((key) => (
                  <ToggleButton key={key} value={key} sx={{ textTransform: 'none', py: 0.25 }} data-series={key}>
                    {translate(`console.analytics.metrics.${key}`)}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            }
          >
            <MetricsChart
              points={data.points}
              interval={data.interval}
              series={chosen.length ? chosen : ['pageViews']}
              currency={website.currency}
            />
          </Panel>
          <Panel
            name="top-pages"
            title="console.analytics.insights.topPages"
            text="console.analytics.insights.topPagesText"
          >
            <TopPages pages={data.topPages} />
          </Panel>
        </>
      ) : null}
    </>
  );
};
