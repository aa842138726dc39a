import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import {
  DataTable,
  ListBase,
  Pagination,
  useListContext,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useWebsiteTimeZone } from '../common/DateFields';
import { DateRangePicker, type DateRangeDays, type DateRangeValue } from '../common/DateRangePicker';
import { SmallList, useSmallScreen } from '../common/SmallList';
import { formatMoment } from '../common/dates';
import { API_URL } from '../providers/http';
import { INLINE_ERRORS } from '../common/ListError';

/** A delivery of a submission (`GET /api/ctas/{id}/submissions`): `mail:{recipient}` or an integration's kind. */
interface Delivery {
  target: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
}

interface Submission extends RaRecord {
  time: string;
  url: string | null;
  fields: Record<string, string>;
  deliveries: Delivery[];
}

const PER_PAGE = 25;
const Column = DataTable.Col<Submission>;

/** "Email (ops@shop.example): sent", "Webhook: failed". */
const useDeliveryText = () => {
  const translate = useTranslate();
  return (delivery: Delivery) => {
    const [kind, recipient] = delivery.target.startsWith('mail:')
      ? ['mail', delivery.target.slice(5)]
      : [delivery.target, null];
    const name = translate(`console.cro.ctas.submissions.targets.${kind}`, { _: kind });
    const status = translate(`console.cro.ctas.submissions.statuses.${delivery.status}`, { _: delivery.status });
    return `${name}${recipient ? ` (${recipient})` : ''}: ${status}`;
  };
};

const Deliveries = ({ record }: { record: Submission }) => {
  const translate = useTranslate();
  const text = useDeliveryText();
  if (record.deliveries.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('console.cro.ctas.submissions.noDelivery')}
      </Typography>
    );
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {record.deliveries.map((delivery) => (
        <Chip
          key={delivery.target}
          size="small"
          variant="outlined"
          color={delivery.status === 'sent' ? 'success' : delivery.status === 'failed' ? 'error' : 'default'}
          label={text(delivery)}
          title={delivery.lastError ?? undefined}
        />
      ))}
    </Box>
  );
};

/** "email: ada@example.com · name: Ada". */
const fieldsText = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `${name}: ${value}`)
    .join(' · ');

/** The submissions of the list context: progress, the empty text, the table (a simple list on a phone). */
const SubmissionRows = ({
  timeZone,
  exportUrl,
  ranged,
}: {
  timeZone: string | null;
  exportUrl: string;
  ranged: boolean;
}) => {
  const { total, isPending, error } = useListContext<Submission>();
  const translate = useTranslate();
  const small = useSmallScreen();
  if (error)
    return (
      <Alert severity="error">
        {translate('console.cro.ctas.submissions.failed', { message: (error as Error).message })}
      </Alert>
    );
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          {translate('console.cro.ctas.submissions.intro')}
        </Typography>
        {total ? (
          <Button component="a" href={exportUrl} download="submissions.csv" startIcon={<DownloadIcon />} size="small">
            {translate('console.cro.ctas.submissions.export')}
          </Button>
        ) : null}
      </Box>
      {isPending ? <LinearProgress sx={{ width: 240 }} /> : null}
      {!isPending && !total ? (
        <Typography color="text.secondary" data-submissions-empty>
          {translate(ranged ? 'console.cro.ctas.submissions.emptyInRange' : 'console.cro.ctas.submissions.empty')}
        </Typography>
      ) : null}
      {!isPending && total ? (
        small ? (
          <SmallList<Submission>
            name={(record) => fieldsText(record.fields) || '—'}
            secondary={(record) => `${formatMoment(record.time, timeZone)}${record.url ? ` · ${record.url}` : ''}`}
            rowClick={false}
          />
        ) : (
          <DataTable<Submission>
            rowClick={false}
            bulkActionButtons={false}
            sx={{ '& .column-time': { whiteSpace: 'nowrap' } }}
          >
            <Column
              source="time"
              label="console.cro.ctas.submissions.time"
              disableSort
              render={(record) => formatMoment(record.time, timeZone)}
            />
            <Column
              source="fields"
              label="console.cro.ctas.submissions.fields"
              disableSort
              render={(record) => fieldsText(record.fields)}
            />
            <Column
              source="url"
              label="console.cro.ctas.submissions.page"
              disableSort
              render={(record) => record.url ?? '—'}
            />
            <Column
              source="deliveries"
              label="console.cro.ctas.submissions.delivery"
              disableSort
              render={(record) => <Deliveries record={record} />}
            />
          </DataTable>
        )
      ) : null}
      {(total ?? 0) > PER_PAGE ? <Pagination rowsPerPageOptions={[PER_PAGE]} /> : null}
    </>
  );
};

/** `?from=&to=` of the export (the days the list shows). */
const exportQuery = (days: DateRangeDays) => {
  const query = new URLSearchParams();
  if (days.from) query.set('from', days.from);
  if (days.to) query.set('to', days.to);
  const text = query.toString();
  return text ? `?${text}` : '';
};

/**
 * A CTA's form submissions (its Submissions tab): newest first, each with its time (in the
 * website's timezone), page, fields and where it was delivered; the date range picker narrows them
 * to days of the website's timezone (all time at first), and the CSV export takes the same days.
 */
export const CtaSubmissions = () => {
  const cta = useRecordContext<{ id: string; websiteId?: string }>();
  const timeZone = useWebsiteTimeZone(cta);
  const [range, setRange] = useState<DateRangeValue>({ preset: 'all' });
  const [days, setDays] = useState<DateRangeDays>({});
  if (!cta) return null;
  return (
    <Stack spacing={1.5} sx={{ width: '100%' }} data-submissions>
      <DateRangePicker
        value={range}
        timeZone={timeZone}
        onChange={(next, nextDays) => {
          setRange(next);
          // A custom range whose first day is after its last is shown as an error, not asked for.
          if (!(nextDays.from && nextDays.to && nextDays.from > nextDays.to)) setDays(nextDays);
        }}
      />
      <ListBase<Submission>
        key={`${days.from ?? ''}/${days.to ?? ''}`}
        resource={`ctas/${cta.id}/submissions`}
        filter={days}
        perPage={PER_PAGE}
        sort={{ field: 'time', order: 'DESC' }}
        disableSyncWithLocation
        storeKey={false}
        queryOptions={{ ...INLINE_ERRORS, retry: false }}
      >
        <SubmissionRows
          timeZone={timeZone}
          ranged={Boolean(days.from || days.to)}
          exportUrl={`${API_URL}/ctas/${encodeURIComponent(cta.id)}/submissions/export${exportQuery(days)}`}
        />
      </ListBase>
    </Stack>
  );
};
