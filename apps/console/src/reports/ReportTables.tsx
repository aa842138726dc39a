import { Box, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { PersonMetrics, QueueMetrics, StageMetrics, WebsiteMetrics } from './api';
import { formatHours, formatPercent } from './format';

export const Section = ({ title, text, children, name }: { title: string; text?: string; children: ReactNode; name: string }) => (
  <Card variant="outlined" component="section" aria-label={title} data-section={name}>
    <CardContent sx={{ pb: 1 }}>
      <Typography variant="subtitle1" component="h2">
        {title}
      </Typography>
      {text ? (
        <Typography variant="body2" color="text.secondary">
          {text}
        </Typography>
      ) : null}
    </CardContent>
    <Box sx={{ overflowX: 'auto' }}>{children}</Box>
  </Card>
);

const num = { align: 'right' as const, sx: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } };
const Head = ({ cells }: { cells: (string | [string, 'right'])[] }) => (
  <TableHead>
    <TableRow>
      {cells.map((cell) =>
        Array.isArray(cell) ? (
          <TableCell key={cell[0]} align="right" sx={{ whiteSpace: 'nowrap' }}>
            {cell[0]}
          </TableCell>
        ) : (
          <TableCell key={cell}>{cell}</TableCell>
        ),
      )}
    </TableRow>
  </TableHead>
);

/** Stage by stage: how many stays ended, returns, and the spread of durations. */
export const StageTable = ({ stages }: { stages: StageMetrics[] }) => (
  <Table size="small" aria-label="Time in stage">
    <Head cells={['Stage', ['Completed', 'right'], ['Returns', 'right'], ['Return rate', 'right'], ['Average', 'right'], ['Median', 'right'], ['90th percentile', 'right'], ['Longest', 'right']]} />
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

/** Now: posts in each stage's pool (nobody holds them) and in someone's hands. */
export const QueueTable = ({ queues }: { queues: QueueMetrics[] }) => (
  <Table size="small" aria-label="Queues">
    <Head cells={['Stage', ['Waiting', 'right'], ['In progress', 'right'], ['Oldest waiting', 'right'], ['Average wait', 'right']]} />
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

const labelOf = (stages: StageMetrics[], stage: string) => stages.find((s) => s.stage === stage)?.label ?? stage;

/** Per person and stage: stays they held that ended in the period. */
export const PeopleTable = ({ people, stages }: { people: PersonMetrics[]; stages: StageMetrics[] }) =>
  people.length ? (
    <Table size="small" aria-label="People">
      <Head cells={['Person', 'Stage', ['Completed', 'right'], ['Returned', 'right'], ['Average time', 'right']]} />
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
      Nobody had claimed the posts that moved in this period.
    </Typography>
  );

/** Per website: stage stays ended, returns, publications. */
export const WebsiteTable = ({ websites }: { websites: WebsiteMetrics[] }) => (
  <Table size="small" aria-label="Websites">
    <Head cells={['Website', ['Stage moves', 'right'], ['Returns', 'right'], ['Published', 'right'], ['Avg. time in stage', 'right']]} />
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
