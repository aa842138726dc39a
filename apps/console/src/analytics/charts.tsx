import { Box, Typography, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { FunnelStepResult, MetricPoint } from './api';
import { formatCount, formatMoney, formatPercent, formatPeriod } from './format';

/** The series the Insights chart can draw (message keys `console.analytics.metrics.<key>`). */
export const SERIES = [
  'pageViews',
  'visitors',
  'organicTraffic',
  'impressions',
  'clicks',
  'conversions',
  'revenue',
] as const;
export type Series = (typeof SERIES)[number];

const useChartStyle = () => {
  const theme = useTheme();
  return {
    theme,
    axis: { fontSize: 12, fill: theme.palette.text.secondary },
    tooltip: {
      contentStyle: { borderRadius: 8, borderColor: theme.palette.divider, fontSize: 13 },
      labelStyle: { fontWeight: 600, marginBottom: 4 },
    },
    // One colour per series, far apart (the theme's primary and secondary are both blue).
    colours: [theme.palette.primary.main, '#ef6c00', '#2e7d32', '#8e24aa', '#00838f', '#c62828', '#6d4c41'],
  };
};

/** Page views, visitors and the other chosen series over the report's periods. */
export const MetricsChart = ({
  points,
  interval,
  series,
  currency,
}: {
  points: MetricPoint[];
  interval: string;
  series: Series[];
  currency?: string | null;
}) => {
  const { theme, axis, tooltip, colours } = useChartStyle();
  const translate = useTranslate();
  const data = points.map((p) => ({ ...p, label: formatPeriod(p.period, interval) }));
  const money = series.includes('revenue');
  const counts = series.filter((s) => s !== 'revenue');
  return (
    <Box data-chart="metrics" sx={{ width: '100%', height: 300 }}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: money ? 8 : 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={theme.palette.divider} />
          <XAxis dataKey="label" tick={axis} tickLine={false} minTickGap={16} />
          {counts.length ? (
            <YAxis
              yAxisId="counts"
              tick={axis}
              width={56}
              allowDecimals={false}
              tickFormatter={(v: number) => formatCount(v)}
            />
          ) : null}
          {money ? (
            <YAxis
              yAxisId="money"
              orientation={counts.length ? 'right' : 'left'}
              tick={axis}
              width={72}
              tickFormatter={(v: number) => formatMoney(v, currency).replace(/\.00$/, '')}
            />
          ) : null}
          <Tooltip
            {...tooltip}
            formatter={(value, name, item) => {
              const key = (item as { dataKey?: string } | undefined)?.dataKey;
              return [key === 'revenue' ? formatMoney(Number(value), currency) : formatCount(Number(value)), name];
            }}
          />
          <Legend
            wrapperStyle={{ fontSize: 13 }}
            itemSorter={(item) => SERIES.indexOf(item.dataKey as Series)}
            formatter={(value: unknown) => <span style={{ color: theme.palette.text.primary }}>{String(value)}</span>}
          />
          {series.map((key) => (
            <Line
              key={key}
              yAxisId={key === 'revenue' ? 'money' : 'counts'}
              type="linear"
              dataKey={key}
              name={translate(`console.analytics.metrics.${key}`)}
              stroke={colours[SERIES.indexOf(key) % colours.length]}
              strokeWidth={2}
              dot={data.length <= 31 ? { r: 2 } : false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </Box>
  );
};

/** Goal completions (or their value) per period, as bars. */
export const GoalChart = ({
  points,
  interval,
  value,
  currency,
}: {
  points: { period: string; conversions: number; value: number }[];
  interval: string;
  value: boolean;
  currency?: string | null;
}) => {
  const { theme, axis, tooltip } = useChartStyle();
  const translate = useTranslate();
  const data = points.map((p) => ({ ...p, label: formatPeriod(p.period, interval) }));
  const key = value ? 'value' : 'conversions';
  const show = (v: number) => (value ? formatMoney(v, currency) : formatCount(v));
  return (
    <Box data-chart="goal-completions" sx={{ width: '100%', height: 260 }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={theme.palette.divider} />
          <XAxis dataKey="label" tick={axis} tickLine={false} minTickGap={16} />
          <YAxis
            tick={axis}
            width={value ? 72 : 48}
            allowDecimals={value}
            tickFormatter={(v: number) => show(v).replace(/\.00$/, '')}
          />
          <Tooltip
            {...tooltip}
            cursor={{ fill: theme.palette.action.hover }}
            formatter={(v) => [
              show(Number(v)),
              translate(value ? 'console.analytics.goals.value' : 'console.analytics.goals.conversions'),
            ]}
          />
          <Bar
            dataKey={key}
            fill={theme.palette.primary.main}
            radius={[3, 3, 0, 0]}
            maxBarSize={28}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
};

const StepTick = ({
  x,
  y,
  payload,
  fill,
}: {
  x?: number | string;
  y?: number | string;
  payload?: { value?: unknown };
  fill?: string;
}) => {
  const [index, event] = String(payload?.value ?? '').split('\u0000');
  return (
    <g transform={`translate(${Number(x)},${Number(y) + 12})`}>
      <text textAnchor="middle" fontSize={12} fill={fill}>
        {index}
      </text>
      <text textAnchor="middle" y={16} fontSize={12} fontWeight={600} fill={fill}>
        {event && event.length > 22 ? `${event.slice(0, 21)}…` : event}
      </text>
    </g>
  );
};

/**
 * A funnel's steps as bars: the people who reached each step (solid) over those who dropped off
 * before it (light, stacked), the conversion from step 1 above each bar.
 */
export const FunnelChart = ({ steps }: { steps: FunnelStepResult[] }) => {
  const { theme, axis, tooltip } = useChartStyle();
  const translate = useTranslate();
  const first = steps[0]?.count ?? 0;
  const data = steps.map((s, i) => ({
    tick: `${translate('console.analytics.funnels.stepN', { n: i + 1 })}\u0000${s.event}`,
    reached: s.count,
    dropped: Math.max(0, first - s.count),
    label: i === 0 ? formatCount(s.count) : `${formatCount(s.count)} · ${formatPercent(s.conversionFromFirst)}`,
  }));
  // The label sits on top of the stack: over the drop-off, or over the bar itself when nobody dropped off (a bar of 0 has no label).
  const labelled = data.map((d) => ({
    ...d,
    onReached: d.dropped === 0 ? d.label : '',
    onDropped: d.dropped > 0 ? d.label : '',
  }));
  const reachedName = translate('console.analytics.funnels.reached');
  const droppedName = translate('console.analytics.funnels.droppedSoFar');
  return (
    <Box data-chart="funnel" sx={{ width: '100%', height: 320 }}>
      {first === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {translate('console.analytics.funnels.nobody')}
        </Typography>
      ) : (
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={labelled} margin={{ top: 24, right: 16, bottom: 8, left: 0 }} barCategoryGap="20%">
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={theme.palette.divider} />
            <XAxis
              dataKey="tick"
              tick={<StepTick fill={theme.palette.text.secondary} />}
              interval={0}
              tickLine={false}
              height={44}
            />
            <YAxis tick={axis} width={48} allowDecimals={false} tickFormatter={(v: number) => formatCount(v)} />
            <Tooltip
              {...tooltip}
              cursor={{ fill: theme.palette.action.hover }}
              itemStyle={{ color: theme.palette.text.primary }}
              labelFormatter={(label) => String(label).replace('\u0000', ': ')}
              formatter={(v, name) => [formatCount(Number(v)), name]}
            />
            <Legend
              wrapperStyle={{ fontSize: 13 }}
              itemSorter={(item) => (item.dataKey === 'reached' ? 0 : 1)}
              formatter={(value: unknown) => <span style={{ color: theme.palette.text.primary }}>{String(value)}</span>}
            />
            <Bar
              dataKey="reached"
              name={reachedName}
              stackId="people"
              fill={theme.palette.primary.main}
              isAnimationActive={false}
              maxBarSize={96}
            >
              <LabelList dataKey="onReached" position="top" fontSize={12} fill={theme.palette.text.primary} />
            </Bar>
            <Bar
              dataKey="dropped"
              name={droppedName}
              stackId="people"
              fill={theme.palette.action.disabledBackground}
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
              maxBarSize={96}
            >
              <LabelList dataKey="onDropped" position="top" fontSize={12} fill={theme.palette.text.primary} />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      )}
    </Box>
  );
};
