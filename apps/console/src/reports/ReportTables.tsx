import { Box, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { PersonMetrics, QueueMetrics, StageMetrics, WebsiteMetrics } from './api';
import { formatHours, formatPercent } from './format';

/** A report section (`title` and `text` are message keys). */
export const Section = ({ title, text, children, name }: { title: string; text?: string; children: ReactNode; name: string }) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" component="section" aria-label={translate(title)} data-section={name}>
      <CardContent sx={{ pb: 1 }}>
        <Typography variant="subtitle1" component="h2">
          {translate(title)}
        </Typography>
        {text ? (
          <Typography variant="body2" color="text.secondary">
            {translate(text)}
          </Typography>
        ) : null}
      </CardContent>
      <Box sx={{ overflowX: 'auto' }}>{children}</Box>
    </Card>
  );
};

const num = { align: 'right' as const, sx: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } };
/** Column headings: `console.reports.tables.<name>`. */
const Head = ({ cells }: { cells: (string | [string, 'right'])[] }) => {
  const translate = useTranslate();
  return (
    <TableHead>
      <TableRow>
        {cells.map((cell) =>
          Array.isArray(cell) ? (
            <TableCell key={cell[0]} align="right" sx={{ whiteSpace: 'nowrap' }}>
              {translate(`console.reports.tables.${cell[0]}`)}
            </TableCell>
          ) : (
            <TableCell key={cell}>{translate(`console.reports.tables.${cell}`)}</TableCell>
          ),
        )}
      </TableRow>
    </TableHead>
  );
};

/** Stage by stage: how many stays ended, returns, and the spread of durations. */
export const StageTable = ({ stages }: { stages: StageMetrics[] }) => {
  const translate = useTranslate();
  return (
    <Table size="small" aria-label={translate('console.reports.tables.timeInStage')}>
      <Head cells={['stage', ['completed', 'right'], ['returns', 'right'], ['returnRate', 'right'], ['average', 'right'], ['median', 'right'], ['p90', 'right'], ['longest', 'right']]} />
      <TableBody>
        {stages.map((s) => (
          <TableRow key={s.stage} data-stage={s.stage} hover>
            <TableCell>{s.label}</TableCell>
            <TableCell {...num}>{s.completed}</TableCell>
            <TableCell {...num} data-cell="returns">{s.returns}</TableCell>
            <TableCell {...num}>{s.completed ? formatPercent(s.returnRate) : '—'}</TableCell>
            <TableCell {...num}>{formatHours(s.avgHours)}</TableCell>
            <TableCell {...num}>{formatHours(s.medianHours)}</TableCell>
            <TableCell {...num}>{formatHours(s.p90Hours)}</TableCell>
            <TableCell {...num}>{formatHours(s.maxHours)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

/** Now: posts in each stage's pool (nobody holds them) and in someone's hands. */
export const QueueTable = ({ queues }: { queues: QueueMetrics[] }) => {
  const translate = useTranslate();
  return (
    <Table size="small" aria-label={translate('console.reports.tables.queues')}>
      <Head cells={['stage', ['waiting', 'right'], ['inProgress', 'right'], ['oldestWaiting', 'right'], ['averageWait', 'right']]} />
      <TableBody>
        {queues.map((q) => (
          <TableRow key={q.stage} data-stage={q.stage} hover>
            <TableCell>{q.label}</TableCell>
            <TableCell {...num}>{q.waiting}</TableCell>
            <TableCell {...num}>{q.inProgress}</TableCell>
            <TableCell {...num}>{q.waiting ? formatHours(q.oldestWaitingHours) : '—'}</TableCell>
            <TableCell {...num}>{q.waiting ? formatHours(q.avgWaitingHours) : '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

const labelOf = (stages: StageMetrics[], stage: string) => stages.find((s) => s.stage === stage)?.label ?? stage;

/** Per person and stage: stays they held that ended in the period. */
export const PeopleTable = ({ people, stages }: { people: PersonMetrics[]; stages: StageMetrics[] }) => {
  const translate = useTranslate();
  return people.length ? (
    <Table size="small" aria-label={translate('console.reports.tables.people')}>
      <Head cells={['person', 'stage', ['completed', 'right'], ['returned', 'right'], ['averageTime', 'right']]} />
      <TableBody>
        {people.map((p) => (
          <TableRow key={`${p.userId}-${p.stage}`} hover>
            <TableCell>{p.name ?? '—'}</TableCell>
            <TableCell>{labelOf(stages, p.stage)}</TableCell>
            <TableCell {...num}>{p.completed}</TableCell>
            <TableCell {...num}>{p.returned}</TableCell>
            <TableCell {...num}>{formatHours(p.avgHours)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  ) : (
    <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
      {translate('console.reports.tables.nobody')}
    </Typography>
  );
};

/** Per website: stage stays ended, returns, publications. */
export const WebsiteTable = ({ websites }: { websites: WebsiteMetrics[] }) => {
  const translate = useTranslate();
  return (
    <Table size="small" aria-label={translate('console.reports.tables.websites')}>
      <Head cells={['website', ['stageMoves', 'right'], ['returns', 'right'], ['published', 'right'], ['avgTimeInStage', 'right']]} />
      <TableBody>
        {websites.map((w) => (
          <TableRow key={String(w.websiteId)} hover>
            <TableCell>{w.name ?? String(w.websiteId)}</TableCell>
            <TableCell {...num}>{w.completed}</TableCell>
            <TableCell {...num}>{w.returns}</TableCell>
            <TableCell {...num}>{w.published}</TableCell>
            <TableCell {...num}>{formatHours(w.avgHours)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
