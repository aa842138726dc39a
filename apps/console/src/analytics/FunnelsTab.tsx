import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import {
  Alert,
  Box,
  Button,
  List,
  ListItemButton,
  ListItemText,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Confirm, Link, useDelete, useGetList, useNotify, useRedirect, useTranslate } from 'react-admin';
import type { DateRangeValue } from '../common/dateRanges';
import type { Website } from '../types';
import { rangeParams, useResults, type Funnel, type FunnelResults, type FunnelStepResult } from './api';
import { FunnelChart } from './charts';
import { formatCount, formatDuration, formatPercent, NONE } from './format';
import { Loading, num, Panel, Pending, ReportError, Scroll } from './parts';

const may = (funnel: Funnel | undefined, action: string) => Boolean(funnel?.allowedActions?.includes(action));

/** A conversion window in words: `14 days`, `2 hours`, `90 minutes`. */
export const windowText = (seconds: number, translate: (key: string, options?: object) => string) => {
  if (seconds % 86_400 === 0) return translate('console.analytics.funnels.days', { smart_count: seconds / 86_400 });
  if (seconds % 3600 === 0) return translate('console.analytics.funnels.hours', { smart_count: seconds / 3600 });
  return translate('console.analytics.funnels.minutes', { smart_count: Math.round(seconds / 60) });
};

/** Per step: people, conversion from step 1 and from the previous step, drop-off, mean and median time. */
const StepsTable = ({ steps }: { steps: FunnelStepResult[] }) => {
  const translate = useTranslate();
  return (
    <Scroll>
      <Table size="small" aria-label={translate('console.analytics.funnels.steps')} data-table="funnel-steps">
        <TableHead>
          <TableRow>
            <TableCell>{translate('console.analytics.funnels.step')}</TableCell>
            <TableCell {...num}>{translate('console.analytics.funnels.people')}</TableCell>
            <TableCell {...num}>{translate('console.analytics.funnels.fromFirst')}</TableCell>
            <TableCell {...num}>{translate('console.analytics.funnels.fromPrevious')}</TableCell>
            <TableCell {...num}>{translate('console.analytics.funnels.dropOff')}</TableCell>
            <TableCell {...num}>{translate('console.analytics.funnels.meanTime')}</TableCell>
            <TableCell {...num}>{translate('console.analytics.funnels.medianTime')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {steps.map((s, i) => (
            <TableRow key={i} data-step={i + 1}>
              <TableCell>
                <Typography component="span" variant="body2" color="text.secondary">
                  {i + 1}.{' '}
                </Typography>
                <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace' }}>
                  {s.event}
                </Typography>
              </TableCell>
              <TableCell {...num} data-cell="count">
                {formatCount(s.count)}
              </TableCell>
              <TableCell {...num}>{formatPercent(s.conversionFromFirst)}</TableCell>
              <TableCell {...num}>{formatPercent(s.conversionFromPrevious)}</TableCell>
              <TableCell {...num}>{s.dropOff === null ? NONE : formatCount(s.dropOff)}</TableCell>
              <TableCell {...num}>{formatDuration(s.meanSecondsFromPrevious)}</TableCell>
              <TableCell {...num}>{formatDuration(s.medianSecondsFromPrevious)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Scroll>
  );
};

/** The breakdown: per value of the property on step 1, the people at each step and the conversion overall. */
const BreakdownTable = ({
  breakdown,
  property,
  steps,
}: {
  breakdown: NonNullable<FunnelResults['breakdown']>;
  property: string;
  steps: FunnelStepResult[];
}) => {
  const translate = useTranslate();
  return (
    <Scroll>
      <Table size="small" aria-label={translate('console.analytics.funnels.breakdown')} data-table="funnel-breakdown">
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontFamily: 'monospace' }}>{property}</TableCell>
            {steps.map((s, i) => (
              <TableCell key={i} {...num}>
                {i + 1}. {s.event}
              </TableCell>
            ))}
            <TableCell {...num}>{translate('console.analytics.funnels.conversion')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {breakdown.map((row) => (
            <TableRow key={row.value ?? '\u0000none'} hover data-breakdown={row.value ?? ''}>
              <TableCell>
                {row.value === null || row.value === '' ? (
                  <em>{translate('console.analytics.funnels.noValue')}</em>
                ) : (
                  row.value
                )}
              </TableCell>
              {row.steps.map((s, i) => (
                <TableCell key={i} {...num}>
                  {formatCount(s.count)}
                </TableCell>
              ))}
              <TableCell {...num}>
                {formatPercent(row.steps[row.steps.length - 1]?.conversionFromFirst ?? null)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Scroll>
  );
};

const FunnelResultsPanel = ({ funnel, range }: { funnel: Funnel; range: DateRangeValue }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const [confirm, setConfirm] = useState(false);
  const [remove, { isPending: deleting }] = useDelete();
  const { data, error, isPending } = useResults<FunnelResults>('funnels', funnel.id, rangeParams(range));
  const last = data?.steps[data.steps.length - 1];
  return (
    <Panel
      name="funnel"
      title="console.analytics.funnels.results"
      action={
        <Box sx={{ display: 'flex', gap: 1 }}>
          {may(funnel, 'Update') ? (
            <Button
              size="small"
              startIcon={<EditOutlinedIcon />}
              component={Link}
              to={`/analytics/funnel-creator/${encodeURIComponent(String(funnel.id))}`}
            >
              {translate('console.analytics.funnels.edit')}
            </Button>
          ) : null}
          {may(funnel, 'Delete') ? (
            <Button size="small" color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setConfirm(true)}>
              {translate('ra.action.delete')}
            </Button>
          ) : null}
        </Box>
      }
    >
      <Typography variant="h6" component="h3" data-funnel-name>
        {funnel.name}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('console.analytics.funnels.summary', {
          steps: funnel.steps.length,
          window: windowText(funnel.windowSeconds, translate),
        })}
        {funnel.breakdown
          ? ` ${translate('console.analytics.funnels.byProperty', { property: funnel.breakdown })}`
          : ''}
      </Typography>
      <Pending left={data?.pendingVisitors} />
      <ReportError error={error} />
      {isPending && !error ? <Loading height={300} /> : null}
      {data ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {last && data.steps[0]?.count ? (
            <Typography variant="body1" data-funnel-sentence>
              {translate('console.analytics.funnels.sentence', {
                started: formatCount(data.steps[0].count),
                finished: formatCount(last.count),
                rate: formatPercent(last.conversionFromFirst),
              })}
            </Typography>
          ) : null}
          <FunnelChart steps={data.steps} />
          <StepsTable steps={data.steps} />
          {funnel.breakdown && data.breakdown ? (
            <>
              <Typography variant="subtitle2" component="h3">
                {translate('console.analytics.funnels.breakdownBy', { property: funnel.breakdown })}
              </Typography>
              {data.breakdown.length ? (
                <BreakdownTable breakdown={data.breakdown} property={funnel.breakdown} steps={data.steps} />
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {translate('console.analytics.funnels.nobody')}
                </Typography>
              )}
            </>
          ) : null}
        </Box>
      ) : null}
      <Confirm
        isOpen={confirm}
        loading={deleting}
        title="console.analytics.funnels.deleteTitle"
        content="console.analytics.funnels.deleteText"
        translateOptions={{ name: funnel.name }}
        onClose={() => setConfirm(false)}
        onConfirm={() =>
          remove(
            'funnels',
            { id: funnel.id, previousData: funnel },
            {
              mutationMode: 'pessimistic',
              onSuccess: () => {
                setConfirm(false);
                notify('console.analytics.funnels.deleted', { type: 'success' });
                redirect('/analytics/funnels');
              },
              onError: (e: unknown) => {
                setConfirm(false);
                notify(e instanceof Error ? e.message : 'console.analytics.loadFailed', { type: 'error' });
              },
            },
          )
        }
      />
    </Panel>
  );
};

/** Funnels: the website's funnels, and the chosen one's results over the range. */
export const FunnelsTab = ({
  website,
  range,
  funnelId,
}: {
  website: Website;
  range: DateRangeValue;
  funnelId?: string;
}) => {
  const translate = useTranslate();
  const websiteId = String(website.id);
  const {
    data: funnels,
    isPending,
    error,
  } = useGetList<Funnel>(
    'funnels',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' }, filter: { websiteId } },
    { retry: false },
  );
  if (isPending) return <Loading />;
  if (error) return <ReportError error={error} />;
  const list = funnels ?? [];
  const chosen = list.find((f) => String(f.id) === funnelId) ?? list[0];
  if (!chosen) {
    return (
      <Alert
        severity="info"
        data-no-funnels
        action={
          <Button size="small" startIcon={<AddIcon />} component={Link} to="/analytics/funnel-creator">
            {translate('console.analytics.funnels.create')}
          </Button>
        }
      >
        {translate('console.analytics.funnels.none')}
      </Alert>
    );
  }
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '260px minmax(0, 1fr)' },
        gap: 2,
        alignItems: 'start',
      }}
    >
      <Panel
        name="funnel-list"
        title="console.analytics.funnels.title"
        action={
          <Button size="small" startIcon={<AddIcon />} component={Link} to="/analytics/funnel-creator">
            {translate('console.analytics.funnels.new')}
          </Button>
        }
      >
        <List dense disablePadding aria-label={translate('console.analytics.funnels.title')}>
          {list.map((f) => (
            <ListItemButton
              key={String(f.id)}
              selected={f.id === chosen.id}
              component={Link}
              to={`/analytics/funnels/${encodeURIComponent(String(f.id))}`}
              data-funnel={f.name}
              sx={{ borderRadius: 1 }}
            >
              <ListItemText
                primary={f.name}
                secondary={translate('console.analytics.funnels.summary', {
                  steps: f.steps.length,
                  window: windowText(f.windowSeconds, translate),
                })}
              />
            </ListItemButton>
          ))}
        </List>
      </Panel>
      <FunnelResultsPanel key={String(chosen.id)} funnel={chosen} range={range} />
    </Box>
  );
};
