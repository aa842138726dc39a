import InsightsIcon from '@mui/icons-material/Insights';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Alert,
  Box,
  Card,
  CardContent,
  IconButton,
  LinearProgress,
  MenuItem,
  Skeleton,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Title, useDataProvider, useGetList, useLogoutIfAccessDenied, useStore, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import type { Website } from '../types';
import type { WorkflowReport } from './api';
import { describeRange, formatHours, formatPercent, PERIODS, periodRange, type PeriodId } from './format';
import { PeopleTable, QueueTable, Section, StageTable, WebsiteTable } from './ReportTables';

/** When the charts' chunk is gone (the console was updated since this page loaded): say so instead of failing. */
const ChartsUnavailable = () => {
  const translate = useTranslate();
  return <Alert severity="warning">{translate('console.reports.chartsUnavailable')}</Alert>;
};

// Recharts is only needed here: its own chunk, loaded with the page.
const StageCharts = lazy(() =>
  import('./StageCharts').catch(() => ({ default: ChartsUnavailable as (props: { stages: unknown }) => ReturnType<typeof ChartsUnavailable> })),
);

const FACT_CHECKS = ['FactCheck', 'SecondFactCheck', 'ThirdFactCheck', 'FourthFactCheck'];

/** The pre-publication stages a website uses (DESIGN.md "Article"), from its workflow settings. */
const stagesOf = (website: Pick<Website, 'secondEdit' | 'customerReview' | 'factCheckLevels'>) => [
  'Writer',
  'Edit',
  ...(website.secondEdit ? ['SecondEdit'] : []),
  ...(website.customerReview ? ['Review'] : []),
  ...FACT_CHECKS.slice(0, Math.max(0, Math.min(4, Number(website.factCheckLevels) || 0))),
];

/** A headline figure (`label`: a message key; `hint`: translated text). */
const Figure = ({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ flex: '1 1 180px' }} aria-label={translate(label)}>
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="body2" color="text.secondary">
          {translate(label)}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {value}
        </Typography>
        {hint ? (
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
};

const useWorkflowReport = (websiteId: string, from?: string, to?: string) => {
  const [state, setState] = useState<{ data?: WorkflowReport; error?: string; loading: boolean }>({ loading: true });
  const [reload, setReload] = useState(0);
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const denied = useRef(logoutIfAccessDenied);
  denied.current = logoutIfAccessDenied;
  useEffect(() => {
    let cancelled = false;
    setState((previous) => ({ ...previous, loading: true, error: undefined }));
    dataProvider
      .report<WorkflowReport>('workflow', { websiteId: websiteId || null, from, to })
      .then(({ data }) => {
        if (!cancelled) setState({ data, loading: false });
      })
      .catch((error: unknown) => {
        void denied.current(error);
        if (!cancelled) {
          // No stale figures under a period or website they do not belong to.
          setState({
            loading: false,
            error: error instanceof Error && error.message ? error.message : 'console.reports.loadFailed',
          });
        }
      });
    return () => {
      cancelled = true;
    };
  }, [websiteId, from, to, reload, dataProvider]);
  return { ...state, refresh: () => setReload((n) => n + 1) };
};

/**
 * The workflow report (`GET /api/reports/workflow`): time in each stage, returns per stage, the
 * queues now, and the figures per person and per website, for one website or all, over a period.
 */
export const WorkflowReportPage = () => {
  const [websiteId, setWebsiteId] = useStore<string>('workflowReport.websiteId', '');
  const [period, setPeriod] = useStore<PeriodId>('workflowReport.period', '28d');
  const translate = useTranslate();
  const { data: websites } = useGetList<Website>('websites', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
  });
  const range = periodRange(period);
  const { data: report, error, loading, refresh } = useWorkflowReport(websiteId, range.from, range.to);
  // A remembered website that is gone (or of another organisation) falls back to all websites.
  const selected = websites?.find((w) => String(w.id) === websiteId);
  useEffect(() => {
    if (websites && websiteId && !selected) setWebsiteId('');
  }, [websites, websiteId, selected, setWebsiteId]);

  const used = new Set(selected ? stagesOf(selected) : ['Writer', 'Edit', ...(websites ?? []).flatMap(stagesOf)]);
  const queues = report?.queues ?? [];
  const busy = (stage: string) => queues.some((q) => q.stage === stage && q.waiting + q.inProgress > 0);
  const stages = (report?.stages ?? []).filter((s) => used.has(s.stage) || s.completed > 0 || busy(s.stage));
  const shownQueues = queues.filter((q) => stages.some((s) => s.stage === q.stage));

  const completed = stages.reduce((sum, s) => sum + s.completed, 0);
  const returns = stages.reduce((sum, s) => sum + s.returns, 0);
  const waiting = queues.reduce((sum, q) => sum + q.waiting, 0);
  const inProgress = queues.reduce((sum, q) => sum + q.inProgress, 0);
  const oldest = queues.reduce((max, q) => (q.waiting ? Math.max(max, q.oldestWaitingHours) : max), 0);
  const empty = report != null && completed === 0;
  const queued = waiting + inProgress > 0;

  return (
    <Box sx={{ mt: 2, mb: 4, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="workflow-report">
      <Title title="console.reports.title" />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <TextField
          select
          size="small"
          label={translate('console.reports.website')}
          value={selected ? websiteId : ''}
          onChange={(event) => setWebsiteId(event.target.value)}
          fullWidth={false}
          margin="none"
          sx={{ width: 240 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{translate('console.reports.allWebsites')}</MenuItem>
          {(websites ?? []).map((w) => (
            <MenuItem key={String(w.id)} value={String(w.id)}>
              {w.name}
            </MenuItem>
          ))}
        </TextField>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={period}
          onChange={(_event, value: PeriodId | null) => value && setPeriod(value)}
          aria-label={translate('console.reports.period')}
        >
          {PERIODS.map((p) => (
            <ToggleButton key={p.id} value={p.id} sx={{ textTransform: 'none', px: 1.5 }}>
              {translate(`console.reports.periods.${p.id}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Tooltip title={translate('console.reports.refresh')}>
          <IconButton onClick={refresh} aria-label={translate('console.reports.refresh')}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
        <Typography variant="subtitle1" component="h1" sx={{ flex: '1 1 100%' }} data-testid="report-scope">
          {selected ? selected.name : translate('console.reports.allWebsites')}
          <Typography component="span" color="text.secondary">
            {' · '}
            {PERIODS.some((p) => p.id === period) ? translate(`console.reports.periods.${period}`) : ''}
            {range.from ? ` (${describeRange(range)})` : ''}
          </Typography>
        </Typography>
      </Box>
      <Box sx={{ height: 4 }}>{loading ? <LinearProgress aria-label={translate('console.reports.loading')} /> : null}</Box>

      {error ? <Alert severity="error">{translate(error)}</Alert> : null}

      {!report && !error ? <Skeleton variant="rounded" height={320} /> : null}

      {report ? (
        <>
          <Box sx={{ display: empty && !queued ? 'none' : 'flex', flexWrap: 'wrap', gap: 2 }}>
            <Figure label="console.reports.figures.moves" value={completed} hint={translate('console.reports.figures.movesHint')} />
            <Figure
              label="console.reports.figures.returns"
              value={returns}
              hint={completed ? translate('console.reports.figures.returnsHint', { rate: formatPercent(returns / completed) }) : undefined}
            />
            <Figure label="console.reports.figures.waiting" value={waiting} hint={translate('console.reports.figures.inProgress', { count: inProgress })} />
            <Figure label="console.reports.figures.oldest" value={waiting ? formatHours(oldest) : '—'} hint={translate('console.reports.figures.oldestHint')} />
          </Box>

          {empty ? (
            <Card variant="outlined" data-testid="report-empty">
              <CardContent sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }}>
                <InsightsIcon sx={{ fontSize: 56, opacity: 0.4 }} />
                <Typography variant="h6" component="p" color="text.primary">
                  {translate('console.reports.empty.title')}
                </Typography>
                <Typography variant="body2">
                  {translate(period === 'all' ? (selected ? 'console.reports.empty.otherWebsite' : 'console.reports.empty.submitted') : 'console.reports.empty.longer')}
                </Typography>
              </CardContent>
            </Card>
          ) : (
            <>
              <Suspense fallback={<Skeleton variant="rounded" height={360} />}>
                <StageCharts stages={stages} />
              </Suspense>
              <Section name="stages" title="console.reports.sections.stages" text="console.reports.sections.stagesText">
                <StageTable stages={stages} />
              </Section>
            </>
          )}

          {!empty || queued ? (
            <Section name="queues" title="console.reports.sections.queues" text="console.reports.sections.queuesText">
              <QueueTable queues={shownQueues} />
            </Section>
          ) : null}

          {!empty ? (
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', xl: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>
              <Section name="people" title="console.reports.sections.people" text="console.reports.sections.peopleText">
                <PeopleTable people={report.people} stages={report.stages} />
              </Section>
              <Section name="websites" title="console.reports.sections.websites" text="console.reports.sections.websitesText">
                <WebsiteTable websites={report.websites} />
              </Section>
            </Box>
          ) : null}
        </>
      ) : null}
    </Box>
  );
};
