import {
  Alert,
  Box,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link, useGetList, useGetMany, useStore, useTranslate } from 'react-admin';
import type { DateRangeValue } from '../common/dateRanges';
import type { Website } from '../types';
import {
  ATTRIBUTION_MODELS,
  rangeParams,
  useReport,
  type AttributionModel,
  type AttributionRow,
  type Goal,
  type Incrementality,
} from './api';
import { formatCount, formatCredit, formatLift, formatMoney, formatPercent, formatPValue } from './format';
import { Figure, Figures, Loading, num, Panel, ReportError, Scroll } from './parts';
import { incrementalitySentence } from './words';

interface Cta {
  id: string;
  name: string;
}

const LOOKBACK_MAX = 365;

/** The website's goals, and the one chosen (kept per website; the first by name at first). */
export const useGoalChoice = (websiteId: string) => {
  const { data: goals, isPending } = useGetList<Goal>('goals', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
    filter: { websiteId },
  });
  const [stored, setStored] = useStore<string>(`analytics.goal.${websiteId}`, '');
  const goal = goals?.find((g) => String(g.id) === stored) ?? goals?.[0];
  return { goals: goals ?? [], goal, setGoal: setStored, isPending };
};

export const GoalPicker = ({
  goals,
  goal,
  onChange,
}: {
  goals: Goal[];
  goal: Goal | undefined;
  onChange: (id: string) => void;
}) => {
  const translate = useTranslate();
  return (
    <TextField
      select
      size="small"
      label={translate('console.analytics.reports.goal')}
      value={goal ? String(goal.id) : ''}
      onChange={(event) => onChange(event.target.value)}
      sx={{ width: 240 }}
      slotProps={{ htmlInput: { 'data-goal': true } }}
    >
      {goals.map((g) => (
        <MenuItem key={String(g.id)} value={String(g.id)} data-goal-option={g.name}>
          {g.name}
        </MenuItem>
      ))}
    </TextField>
  );
};

/** The attribution report of the goal with the chosen model and lookback (`GET /api/reports/attribution`). */
const useAttribution = (websiteId: string, range: DateRangeValue, goal: Goal | undefined) => {
  const [model, setModel] = useStore<AttributionModel>('analytics.attribution.model', 'last-touch');
  const [lookback, setLookback] = useStore<number>('analytics.attribution.lookbackDays', 30);
  const chosenModel = (ATTRIBUTION_MODELS as readonly string[]).includes(model) ? model : 'last-touch';
  const report = useReport<AttributionRow[]>(
    'attribution',
    {
      websiteId,
      goalId: goal ? String(goal.id) : undefined,
      model: chosenModel,
      lookbackDays: lookback,
      ...rangeParams(range),
    },
    Boolean(goal),
  );
  return { chosenModel, setModel, lookback, setLookback, report };
};

/** The report's CTA with the most impressions (of equals, the most conversions credited). */
const busiestCta = (rows: readonly AttributionRow[] | undefined): string | undefined =>
  (rows ?? []).reduce<AttributionRow | undefined>(
    (best, row) =>
      !best ||
      row.impressions > best.impressions ||
      (row.impressions === best.impressions && row.conversions > best.conversions)
        ? row
        : best,
    undefined,
  )?.ctaId;

/** Attribution per CTA: the model's credit and the CTAs' traffic. */
const Attribution = ({
  website,
  goal,
  ctas,
  attribution,
}: {
  website: Website;
  goal: Goal;
  ctas: Cta[];
  attribution: ReturnType<typeof useAttribution>;
}) => {
  const translate = useTranslate();
  const { chosenModel, setModel, lookback, setLookback } = attribution;
  const { data, error, isPending } = attribution.report;
  const [lookbackText, setLookbackText] = useState(String(lookback));
  const currency = goal.currency ?? website.currency;
  // CTAs the list does not show (a deleted CTA keeps its credit): read by id.
  const missing = (data ?? []).map((r) => r.ctaId).filter((id) => !ctas.some((c) => c.id === id));
  const { data: more } = useGetMany<Cta>('ctas', { ids: missing }, { enabled: missing.length > 0, retry: false });
  const ctaNames = new Map([...ctas, ...(more ?? [])].map((c) => [String(c.id), c.name]));
  const lookbackValid = /^\d+$/.test(lookbackText) && Number(lookbackText) >= 1 && Number(lookbackText) <= LOOKBACK_MAX;
  const heads: [string, boolean][] = [
    ['cta', false],
    ['conversions', true],
    ['revenue', true],
    ['assistedConversions', true],
    ['assistedRevenue', true],
    ['impressions', true],
    ['clicks', true],
    ['ctr', true],
    ['conversionRate', true],
    ['revenuePerVisitor', true],
  ];
  return (
    <Panel
      name="attribution"
      title="console.analytics.reports.attribution"
      text={`console.analytics.reports.models.${chosenModel}.text`}
      action={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label={translate('console.analytics.reports.model')}
            value={chosenModel}
            onChange={(event) => setModel(event.target.value as AttributionModel)}
            sx={{ width: 220 }}
            slotProps={{ htmlInput: { 'data-model': true } }}
          >
            {ATTRIBUTION_MODELS.map((id) => (
              <MenuItem key={id} value={id} data-model-option={id}>
                {translate(`console.analytics.reports.models.${id}.name`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            type="number"
            label={translate('console.analytics.reports.lookback')}
            value={lookbackText}
            onChange={(event) => {
              setLookbackText(event.target.value);
              const days = Number(event.target.value);
              if (/^\d+$/.test(event.target.value) && days >= 1 && days <= LOOKBACK_MAX) setLookback(days);
            }}
            error={!lookbackValid}
            helperText={
              lookbackValid ? undefined : translate('console.analytics.reports.lookbackRange', { max: LOOKBACK_MAX })
            }
            sx={{ width: 150 }}
            slotProps={{ htmlInput: { min: 1, max: LOOKBACK_MAX, 'data-lookback': true } }}
          />
        </Box>
      }
    >
      <ReportError error={error} />
      {isPending && !error ? <Loading /> : null}
      {data && !data.length ? (
        <Typography variant="body2" color="text.secondary">
          {translate('console.analytics.reports.noCtas')}
        </Typography>
      ) : null}
      {data?.length ? (
        <Scroll>
          <Table
            size="small"
            aria-label={translate('console.analytics.reports.attribution')}
            data-table="attribution"
            data-model={chosenModel}
          >
            <TableHead>
              <TableRow>
                {heads.map(([head, right]) => (
                  <TableCell key={head} {...(right ? num : {})}>
                    {translate(`console.analytics.reports.columns.${head}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((row) => (
                <TableRow key={row.ctaId} hover data-cta={row.ctaId}>
                  <TableCell>
                    <Link to={`/ctas/${encodeURIComponent(row.ctaId)}`}>
                      {ctaNames.get(row.ctaId) ?? translate('console.analytics.reports.deletedCta')}
                    </Link>
                  </TableCell>
                  <TableCell {...num} data-cell="conversions">
                    {formatCredit(row.conversions)}
                  </TableCell>
                  <TableCell {...num} data-cell="revenue">
                    {formatMoney(row.revenue, currency)}
                  </TableCell>
                  <TableCell {...num} data-cell="assistedConversions">
                    {formatCount(row.assistedConversions)}
                  </TableCell>
                  <TableCell {...num} data-cell="assistedRevenue">
                    {formatMoney(row.assistedRevenue, currency)}
                  </TableCell>
                  <TableCell {...num} data-cell="impressions">
                    {formatCount(row.impressions)}
                  </TableCell>
                  <TableCell {...num} data-cell="clicks">
                    {formatCount(row.clicks)}
                  </TableCell>
                  <TableCell {...num} data-cell="ctr">
                    {formatPercent(row.ctr)}
                  </TableCell>
                  <TableCell {...num} data-cell="conversionRate">
                    {formatPercent(row.conversionRate)}
                  </TableCell>
                  <TableCell {...num} data-cell="revenuePerVisitor">
                    {formatMoney(row.revenuePerVisitor, currency)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Scroll>
      ) : null}
    </Panel>
  );
};

/** Incrementality of one CTA for the goal: its exposed visitors against the control group held back from it. */
const IncrementalityPanel = ({
  website,
  range,
  goal,
  ctas,
  suggested,
}: {
  website: Website;
  range: DateRangeValue;
  goal: Goal;
  ctas: Cta[];
  suggested?: string;
}) => {
  const translate = useTranslate();
  const websiteId = String(website.id);
  const [stored, setStored] = useStore<string>(`analytics.incrementality.cta.${websiteId}`, '');
  // The CTA chosen last, else the one of the attribution report with the most impressions (where
  // there is something to compare), else the first by name.
  const cta = ctas.find((c) => c.id === stored) ?? ctas.find((c) => c.id === suggested) ?? ctas[0];
  const { data, error, isPending } = useReport<Incrementality>(
    'incrementality',
    { websiteId, ctaId: cta?.id, goalId: String(goal.id), ...rangeParams(range) },
    Boolean(cta),
  );
  const [key, options] = data ? incrementalitySentence(data) : ['', undefined];
  return (
    <Panel
      name="incrementality"
      title="console.analytics.reports.incrementality"
      text="console.analytics.reports.incrementalityText"
      action={
        <TextField
          select
          size="small"
          label={translate('console.analytics.reports.cta')}
          value={cta?.id ?? ''}
          onChange={(event) => setStored(event.target.value)}
          sx={{ width: 240 }}
          slotProps={{ htmlInput: { 'data-incrementality-cta': true } }}
        >
          {ctas.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
      }
    >
      {!cta ? (
        <Typography variant="body2" color="text.secondary">
          {translate('console.analytics.reports.noCtaToTest')}
        </Typography>
      ) : null}
      <ReportError error={error} />
      {cta && isPending && !error ? <Loading height={100} /> : null}
      {data ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <Typography variant="body1" data-incrementality-sentence>
            {translate(`console.analytics.words.${key}`, options)}
          </Typography>
          <Figures min={170}>
            <Figure name="lift" label="console.analytics.reports.lift" value={formatLift(data.lift)} />
            <Figure
              name="incrementalConversions"
              label="console.analytics.reports.incrementalConversions"
              value={formatCredit(data.incrementalConversions)}
            />
            <Figure
              name="pValue"
              label="console.analytics.reports.pValue"
              value={formatPValue(data.pValue)}
              hint={translate('console.analytics.reports.significanceHint', {
                value: formatPercent(data.significance),
              })}
            />
          </Figures>
          <Scroll>
            <Table size="small" data-table="incrementality">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('console.analytics.reports.group')}</TableCell>
                  <TableCell {...num}>{translate('console.analytics.metrics.visitors')}</TableCell>
                  <TableCell {...num}>{translate('console.analytics.metrics.conversions')}</TableCell>
                  <TableCell {...num}>{translate('console.analytics.metrics.conversionRate')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(['exposed', 'holdout'] as const).map((group) => (
                  <TableRow key={group} data-group={group}>
                    <TableCell>{translate(`console.analytics.reports.groups.${group}`)}</TableCell>
                    <TableCell {...num}>{formatCount(data[group].users)}</TableCell>
                    <TableCell {...num}>{formatCount(data[group].conversions)}</TableCell>
                    <TableCell {...num}>{formatPercent(data[group].rate)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Scroll>
        </Box>
      ) : null}
    </Panel>
  );
};

/** Reports: attribution per CTA for a goal (the model, the lookback), and a CTA's incrementality. */
export const ReportsTab = ({ website, range }: { website: Website; range: DateRangeValue }) => {
  const translate = useTranslate();
  const websiteId = String(website.id);
  const { goals, goal, setGoal, isPending } = useGoalChoice(websiteId);
  const { data: ctaList } = useGetList<Cta>('ctas', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
    filter: { websiteId },
  });
  const ctas = (ctaList ?? []).map((c) => ({ id: String(c.id), name: c.name }));
  const attribution = useAttribution(websiteId, range, goal);
  if (isPending) return <Loading />;
  if (!goal) {
    return (
      <Alert severity="info" data-no-goals>
        {translate('console.analytics.reports.noGoals')}{' '}
        <Link to={`/goals/create?websiteId=${encodeURIComponent(websiteId)}`}>
          {translate('console.analytics.reports.createGoal')}
        </Link>
      </Alert>
    );
  }
  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <GoalPicker goals={goals} goal={goal} onChange={setGoal} />
        <Typography variant="body2" color="text.secondary">
          {translate(
            goal.type === 'value' ? 'console.analytics.reports.valueGoal' : 'console.analytics.reports.countGoal',
          )}
        </Typography>
      </Box>
      <Attribution website={website} goal={goal} ctas={ctas} attribution={attribution} />
      <IncrementalityPanel
        website={website}
        range={range}
        goal={goal}
        ctas={ctas}
        suggested={busiestCta(attribution.report.data)}
      />
    </>
  );
};
