import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { CroRecord } from '../cro/types';
import { useResults, type ExperimentResults as Results } from './api';
import { formatChance, formatCount, formatLift, formatPercent, formatPValue, NONE } from './format';
import { Loading, num, Pending, ReportError, Scroll } from './parts';
import { experimentSentences } from './words';

interface Variant {
  key: string;
  name?: string;
}

interface Held {
  rule?: string;
  reasons?: string[];
  traffic?: Record<string, number>;
}

/**
 * Suspicious traffic (issue 25): the end rule was met by traffic that does not look real, so the
 * test was held for a person (`endRuleHeld` of the record; "Confirm completion" in the toolbar).
 */
const HeldEndRule = ({ record }: { record: CroRecord }) => {
  const translate = useTranslate();
  const held = record.endRuleHeld as Held | null | undefined;
  if (!held || typeof held !== 'object') return null;
  const reasons = (Array.isArray(held.reasons) ? held.reasons : []).filter(
    (r) => r === 'page_views' || r === 'networks',
  );
  const rule = translate(`console.analytics.experiment.rules.${held.rule ?? 'visitors'}`, { _: held.rule ?? '' });
  return (
    <Alert severity="warning" data-held={reasons.join(' ')}>
      {translate(`console.analytics.experiment.held.${record.status === 'live' ? 'live' : 'done'}`, { rule })}
      {reasons.map((reason) => (
        <Typography key={reason} variant="body2" component="span" sx={{ display: 'block', mt: 0.5 }}>
          {translate(`console.analytics.experiment.held.${reason}`, { ...(held.traffic ?? {}) })}
        </Typography>
      ))}
    </Alert>
  );
};

/**
 * An experiment's results on its page (`GET /api/experiments/{id}/results`): per arm the visitors,
 * conversions and rate, each variant against the control (lift, its 95% interval, p-value,
 * significance, chance to win), a sentence per variant in words, and the sample-ratio warning.
 */
export const ExperimentResults = () => {
  const record = useRecordContext<CroRecord>();
  const translate = useTranslate();
  const { data, error, isPending } = useResults<Results>('experiments', record?.id);
  if (!record) return null;
  const variants = (Array.isArray(record.variants) ? record.variants : []) as Variant[];
  const names: Record<string, string> = {};
  for (const v of variants)
    if (typeof v.key === 'string') names[v.key] = typeof v.name === 'string' && v.name.trim() ? v.name : v.key;
  const nameOf = (key: string) => (Object.hasOwn(names, key) ? names[key]! : key);
  const sentences = data ? experimentSentences(data, names) : [];
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={translate('console.analytics.experiment.title')}
      data-experiment-results
      sx={{ mt: 2 }}
    >
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {translate('console.analytics.experiment.title')}
          </Typography>
          {data?.winner ? (
            <Chip
              color="success"
              size="small"
              label={translate('console.analytics.experiment.winner', { name: nameOf(data.winner) })}
              data-winner={data.winner}
            />
          ) : null}
        </Box>
        <Pending left={data?.pendingVisitors} />
        <ReportError error={error} />
        {isPending && !error ? <Loading height={120} /> : null}
        <HeldEndRule record={record} />
        {data?.srmFlag ? (
          <Alert severity="warning" data-srm>
            {translate('console.analytics.experiment.srm', { p: formatPValue(data.srmPValue) })}
          </Alert>
        ) : null}
        {sentences.map((parts, i) => (
          <Typography key={i} variant="body1" data-experiment-sentence>
            {`${parts.map(([key, options]) => translate(`console.analytics.words.${key}`, options)).join('; ')}.`}
          </Typography>
        ))}
        {data && data.control.visitors + data.variants.reduce((s, v) => s + v.visitors, 0) > 0 ? (
          <Scroll>
            <Table
              size="small"
              aria-label={translate('console.analytics.experiment.table')}
              data-table="experiment-results"
              sx={{ '& td, & th': { px: 1 } }}
            >
              <TableHead>
                <TableRow>
                  {[
                    'variant',
                    'visitors',
                    'conversions',
                    'rate',
                    'lift',
                    'interval',
                    'significance',
                    'chanceToWin',
                  ].map((head, i) => (
                    <TableCell
                      key={head}
                      align={i ? 'right' : 'left'}
                      sx={{ verticalAlign: 'bottom', lineHeight: 1.3 }}
                    >
                      {translate(`console.analytics.experiment.columns.${head}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                <TableRow data-arm={data.control.key}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {nameOf(data.control.key)}{' '}
                    <Typography component="span" variant="caption" color="text.secondary">
                      {translate('console.analytics.experiment.control')}
                    </Typography>
                  </TableCell>
                  <TableCell {...num}>{formatCount(data.control.visitors)}</TableCell>
                  <TableCell {...num}>{formatCount(data.control.conversions)}</TableCell>
                  <TableCell {...num}>{formatPercent(data.control.rate)}</TableCell>
                  {[0, 1, 2, 3].map((i) => (
                    <TableCell key={i} {...num}>
                      {NONE}
                    </TableCell>
                  ))}
                </TableRow>
                {data.variants.map((v) => (
                  <TableRow key={v.key} data-arm={v.key}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{nameOf(v.key)}</TableCell>
                    <TableCell {...num}>{formatCount(v.visitors)}</TableCell>
                    <TableCell {...num}>{formatCount(v.conversions)}</TableCell>
                    <TableCell {...num}>{formatPercent(v.rate)}</TableCell>
                    <TableCell {...num} data-cell="lift">
                      {formatLift(v.lift)}
                    </TableCell>
                    <TableCell {...num}>
                      {v.ciLow === null || v.ciHigh === null
                        ? NONE
                        : `${formatLift(v.ciLow)} to ${formatLift(v.ciHigh)}`}
                    </TableCell>
                    <TableCell
                      {...num}
                      title={translate('console.analytics.experiment.pValue', { p: formatPValue(v.pValue) })}
                    >
                      {formatPercent(v.significance)}
                    </TableCell>
                    <TableCell {...num}>{formatChance(v.chanceToWin)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Scroll>
        ) : null}
        {data ? (
          <Typography variant="caption" color="text.secondary">
            {translate('console.analytics.experiment.note', {
              threshold: formatPercent(data.significanceThreshold),
              ...data.minimumSample,
            })}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
};
