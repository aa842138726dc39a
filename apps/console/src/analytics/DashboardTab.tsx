import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Website } from '../types';
import { useHasEvents, useReport, type GoalCompletions, type MetricsReport } from './api';
import { GoalChart } from './charts';
import { formatCount, formatMoney } from './format';
import { MetricFigures } from './InsightsTab';
import { Loading, NoEventsYet, Panel, Pending, ReportError } from './parts';
import { GoalPicker, useGoalChoice } from './ReportsTab';

const RANGE = 'last_28_days';

const GoalCompletionsPanel = ({ website }: { website: Website }) => {
  const translate = useTranslate();
  const websiteId = String(website.id);
  const { goals, goal, setGoal } = useGoalChoice(websiteId);
  const { data, error, isPending } = useReport<GoalCompletions>(
    'goal-completions',
    { websiteId, goalId: goal ? String(goal.id) : undefined, range: RANGE, interval: 'day' },
    Boolean(goal),
  );
  const value = data?.type === 'value';
  return (
    <Panel
      name="goal-completions"
      title="console.analytics.dashboard.goalCompletions"
      action={goal ? <GoalPicker goals={goals} goal={goal} onChange={setGoal} /> : undefined}
    >
      {!goal ? (
        <Typography variant="body2" color="text.secondary">
          {translate('console.analytics.reports.noGoals')}
        </Typography>
      ) : null}
      <ReportError error={error} />
      {goal && isPending && !error ? <Loading height={260} /> : null}
      {data ? (
        <>
          <Typography variant="body1" sx={{ mb: 1 }} data-goal-total>
            {value
              ? translate('console.analytics.dashboard.valueTotal', {
                  value: formatMoney(data.value, data.currency),
                  count: formatCount(data.conversions),
                  smart_count: data.conversions,
                })
              : translate('console.analytics.dashboard.countTotal', {
                  count: formatCount(data.conversions),
                  smart_count: data.conversions,
                })}
          </Typography>
          <GoalChart points={data.points} interval={data.interval} value={value} currency={data.currency} />
        </>
      ) : null}
    </Panel>
  );
};

/** Dashboard: the headline figures of the last 28 days and a goal's completions per day. */
export const DashboardTab = ({ website }: { website: Website }) => {
  const translate = useTranslate();
  const websiteId = String(website.id);
  const hasEvents = useHasEvents(websiteId);
  const { data, error, isPending } = useReport<MetricsReport>('metrics', { websiteId, range: RANGE, interval: 'day' });
  return (
    <>
      {hasEvents === false ? <NoEventsYet websiteId={websiteId} /> : null}
      <Box>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {translate('console.analytics.dashboard.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('console.analytics.dashboard.text')}
        </Typography>
      </Box>
      <Pending left={data?.pendingVisitors} />
      <ReportError error={error} />
      {isPending && !error ? <Loading height={100} /> : null}
      {data ? (
        <MetricFigures
          totals={data.totals}
          currency={website.currency}
          only={['visitors', 'pageViews', 'conversions', 'revenue', 'ctr', 'conversionRate']}
        />
      ) : null}
      <GoalCompletionsPanel website={website} />
    </>
  );
};
