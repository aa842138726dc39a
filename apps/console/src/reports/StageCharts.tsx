import { Box, Card, CardContent, Typography, useTheme } from '@mui/material';
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Legend,
  ResponsiveContainer,
  Text,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useTranslate } from 'react-admin';
import type { StageMetrics } from './api';
import { formatHours, formatPercent } from './format';

const HEIGHT = 300;

/** The time axis' unit, from the longest bar: minutes, hours or days, so ticks are round numbers of it. */
const timeUnit = (maxHours: number) =>
  maxHours < 1 ? { name: 'min', perHour: 60 } : maxHours < 48 ? { name: 'h', perHour: 1 } : { name: 'd', perHour: 1 / 24 };

/** Series names (Recharts' `name`, matched in the tooltips) are the translated labels. */

/** Round axis ticks from 0 to at least `max`: about four steps of 1, 2, 2.5 or 5 times a power of ten. */
const niceTicks = (max: number, wholeNumbers = false): number[] => {
  if (!(max > 0)) return [0, 1];
  const raw = max / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const factors = wholeNumbers ? [1, 2, 5, 10] : [1, 2, 2.5, 5, 10];
  let step = (factors.find((f) => f * power >= raw) ?? 10) * power;
  if (wholeNumbers) step = Math.max(1, Math.round(step));
  const ticks: number[] = [];
  for (let tick = 0; tick < max + step / 2 && ticks.length < 12; tick += step) ticks.push(Math.round(tick * 1000) / 1000);
  if (ticks[ticks.length - 1]! < max) ticks.push(Math.round((ticks[ticks.length - 1]! + step) * 1000) / 1000);
  return ticks;
};

/** Stage names wrap under their bars instead of running into each other ("Second fact check"). */
const StageTick = ({ x, y, payload, fill }: { x?: number | string; y?: number | string; payload?: { value?: unknown }; fill?: string }) => (
  <Text x={Number(x)} y={Number(y) + 4} width={76} textAnchor="middle" verticalAnchor="start" fontSize={12} fill={fill} lineHeight="1.2em">
    {String(payload?.value ?? '')}
  </Text>
);

/** Time in stage and returns per stage (Recharts; loaded with the report page only). */
const StageCharts = ({ stages }: { stages: StageMetrics[] }) => {
  const theme = useTheme();
  const translate = useTranslate();
  const averageName = translate('console.reports.charts.average');
  const medianName = translate('console.reports.charts.median');
  const returnedName = translate('console.reports.charts.returned');
  const allInstant = stages.every((s) => s.avgHours == null || s.avgHours * 60 < 1);
  const unit = timeUnit(Math.max(0, ...stages.flatMap((s) => [s.avgHours ?? 0, s.medianHours ?? 0])));
  const inUnit = (hours: number | null) => (hours == null ? null : Math.round(hours * unit.perHour * 100) / 100);
  const times = stages.map((s) => ({ ...s, avg: inUnit(s.avgHours), median: inUnit(s.medianHours) }));
  const timeTicks = niceTicks(Math.max(0, ...times.flatMap((s) => [s.avg ?? 0, s.median ?? 0])));
  const countTicks = niceTicks(Math.max(0, ...stages.map((s) => s.completed)), true);
  const anyReturns = stages.some((s) => s.returns > 0);
  const axis = { fontSize: 12, fill: theme.palette.text.secondary };
  const tick = <StageTick fill={theme.palette.text.secondary} />;
  const tooltipStyle = {
    contentStyle: { borderRadius: 8, borderColor: theme.palette.divider, fontSize: 13 },
    labelStyle: { fontWeight: 600, marginBottom: 4 },
    cursor: { fill: theme.palette.action.hover },
  };
  const margin = { top: 20, right: 8, bottom: 4, left: 0 };
  // Legend labels in the text colour (a light series colour would make its label hard to read).
  const legendText = (value: unknown) => <span style={{ color: theme.palette.text.primary }}>{String(value)}</span>;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
      <Card variant="outlined" data-chart="time-in-stage">
        <CardContent>
          <Typography variant="subtitle1" component="h2">
            {translate('console.reports.charts.timeInStage')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('console.reports.charts.timeInStageText')}
          </Typography>
          <ResponsiveContainer width="100%" height={HEIGHT}>
            <BarChart data={times} margin={margin} barGap={2}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={theme.palette.divider} />
              <XAxis dataKey="label" tick={tick} interval={0} tickLine={false} height={44} />
              <YAxis
                tick={axis}
                tickFormatter={(value: number) => (value === 0 ? '0' : `${value} ${translate(`console.reports.charts.units.${unit.name}`)}`)}
                width={56}
                domain={[0, timeTicks[timeTicks.length - 1]!]}
                ticks={timeTicks}
              />
              <Tooltip
                {...tooltipStyle}
                formatter={(_value, name, item) => {
                  const row = item?.payload as StageMetrics | undefined;
                  return [formatHours(name === medianName ? (row?.medianHours ?? null) : (row?.avgHours ?? null)), name];
                }}
              />
              <Legend wrapperStyle={{ fontSize: 13 }} formatter={legendText} />
              <Bar dataKey="avg" name={averageName} fill={theme.palette.primary.main} radius={[3, 3, 0, 0]} maxBarSize={32} isAnimationActive={false} />
              <Bar dataKey="median" name={medianName} fill={theme.palette.info.light} radius={[3, 3, 0, 0]} maxBarSize={32} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
          {allInstant ? (
            <Typography variant="caption" color="text.secondary">
              {translate('console.reports.charts.instant')}
            </Typography>
          ) : null}
        </CardContent>
      </Card>
      <Card variant="outlined" data-chart="returns">
        <CardContent>
          <Typography variant="subtitle1" component="h2">
            {translate('console.reports.charts.returns')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('console.reports.charts.returnsText')}
          </Typography>
          <ResponsiveContainer width="100%" height={HEIGHT}>
            <BarChart data={stages} margin={margin} barGap={2}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={theme.palette.divider} />
              <XAxis dataKey="label" tick={tick} interval={0} tickLine={false} height={44} />
              <YAxis tick={axis} allowDecimals={false} width={40} domain={[0, countTicks[countTicks.length - 1]!]} ticks={countTicks} />
              <Tooltip
                {...tooltipStyle}
                formatter={(value, name, item) =>
                  name === returnedName
                    ? [`${String(value)} (${formatPercent((item?.payload as StageMetrics | undefined)?.returnRate ?? null)})`, name]
                    : [String(value), name]
                }
              />
              <Legend wrapperStyle={{ fontSize: 13 }} formatter={legendText} />
              <Bar dataKey="completed" name={translate('console.reports.charts.staysEnded')} fill={theme.palette.grey[400]} radius={[3, 3, 0, 0]} maxBarSize={32} isAnimationActive={false} />
              <Bar dataKey="returns" name={returnedName} fill={theme.palette.warning.main} radius={[3, 3, 0, 0]} maxBarSize={32} isAnimationActive={false}>
                <LabelList
                  dataKey="returnRate"
                  position="top"
                  fontSize={11}
                  fill={theme.palette.warning.dark}
                  formatter={(value: unknown) => (typeof value === 'number' && value > 0 ? formatPercent(value) : '')}
                />
              </Bar>
            </BarChart>
          </ResponsiveContainer>
          {!anyReturns ? (
            <Typography variant="caption" color="text.secondary">
              {translate('console.reports.charts.noReturns')}
            </Typography>
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
};

export default StageCharts;
