import {
  Box,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { ListBase, Pagination, useListContext, useTranslate } from 'react-admin';
import { formatMoment } from '../common/dates';
import type { Website } from '../types';
import { useHasEvents, type AnalyticsEvent } from './api';
import { NONE } from './format';
import { Loading, NoEventsYet, Panel, ReportError, Scroll } from './parts';

/** The event names the product sends (DESIGN.md "Tracking events"), offered by the name filter. */
const KNOWN_EVENTS = [
  'page_view',
  'cta_impression',
  'cta_click',
  'form_submitted',
  'dialog_open',
  'dialog_close',
  'calendly_event_scheduled',
  'experiment_exposure',
  'cta_holdout',
];

const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;

/** A URL in a narrow cell: its path (the host when it is another site's), the whole URL on hover. */
const Url = ({ value, host }: { value: string | null | undefined; host?: string | null }) => {
  if (!value) return <>{NONE}</>;
  let shown = value;
  try {
    const url = new URL(value);
    shown =
      host && url.hostname === host
        ? `${url.pathname}${url.search}`
        : `${url.hostname}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    // Not a URL: as it is.
  }
  return (
    <Tooltip title={value}>
      <Box
        component="span"
        sx={{
          display: 'inline-block',
          maxWidth: 220,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          verticalAlign: 'bottom',
          fontFamily: 'monospace',
          fontSize: 12.5,
        }}
      >
        {shown}
      </Box>
    </Tooltip>
  );
};

const text = (value: string | null | undefined) => (value ? value : NONE);

const utmText = (utm: AnalyticsEvent['utm']) => {
  if (!utm || typeof utm !== 'object') return NONE;
  const parts = UTM_KEYS.filter((key) => Object.hasOwn(utm, key) && utm[key]).map((key) => `${key}=${utm[key]}`);
  return parts.length ? parts.join(' · ') : NONE;
};

const cell = { whiteSpace: 'nowrap' as const, fontSize: 13 };

const EventRows = ({ website }: { website: Website }) => {
  const translate = useTranslate();
  const { data, isPending, error, filterValues, setFilters } = useListContext<AnalyticsEvent>();
  const [draft, setDraft] = useState<Record<string, string>>({
    name: String(filterValues.name ?? ''),
    distinctId: String(filterValues.distinctId ?? ''),
    q: String(filterValues.q ?? ''),
  });
  const change = (key: string, value: string) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    const filters: Record<string, string> = {};
    for (const [k, v] of Object.entries(next)) if (v.trim()) filters[k] = v.trim();
    setFilters(filters, undefined, true);
  };
  let host: string | null = null;
  try {
    host = website.domain || new URL(website.url).hostname;
  } catch {
    host = null;
  }
  const heads = [
    'time',
    'name',
    'distinctId',
    'city',
    'country',
    'os',
    'browser',
    'device',
    'url',
    'landingPage',
    'referrer',
    'utm',
  ];
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <TextField
          size="small"
          label={translate('console.analytics.events.name')}
          value={draft.name}
          onChange={(event) => change('name', event.target.value)}
          sx={{ width: 200 }}
          slotProps={{ htmlInput: { list: 'analytics-event-names', 'data-filter': 'name' } }}
        />
        <datalist id="analytics-event-names">
          {KNOWN_EVENTS.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <TextField
          size="small"
          label={translate('console.analytics.events.distinctId')}
          value={draft.distinctId}
          onChange={(event) => change('distinctId', event.target.value)}
          sx={{ width: 220 }}
          slotProps={{ htmlInput: { 'data-filter': 'distinctId' } }}
        />
        <TextField
          size="small"
          label={translate('console.analytics.events.search')}
          value={draft.q}
          onChange={(event) => change('q', event.target.value)}
          sx={{ flex: '1 1 240px', maxWidth: 420 }}
          slotProps={{ htmlInput: { 'data-filter': 'q' } }}
        />
      </Box>
      <ReportError error={error} />
      {isPending ? <Loading /> : null}
      {data && !data.length ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
          {translate('console.analytics.events.noMatches')}
        </Typography>
      ) : null}
      {data?.length ? (
        <Scroll>
          <Table
            size="small"
            aria-label={translate('console.analytics.tabs.events')}
            data-table="events"
            sx={{ '& td, & th': { px: 1 } }}
          >
            <TableHead>
              <TableRow>
                {heads.map((head) => (
                  <TableCell key={head} sx={{ whiteSpace: 'nowrap' }}>
                    {translate(`console.analytics.events.columns.${head}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((e) => (
                <TableRow key={String(e.id)} hover data-event={e.name}>
                  <TableCell sx={cell}>{formatMoment(e.time, website.timezone)}</TableCell>
                  <TableCell sx={cell}>
                    <Chip size="small" label={e.name} variant="outlined" sx={{ fontFamily: 'monospace' }} />
                  </TableCell>
                  <TableCell sx={cell}>
                    <Tooltip title={e.distinctId}>
                      <Box
                        component="span"
                        sx={{
                          display: 'inline-block',
                          maxWidth: 120,
                          overflow: 'hidden',
                          textOverflow: 'ellipsis',
                          verticalAlign: 'bottom',
                          fontFamily: 'monospace',
                          fontSize: 12.5,
                        }}
                      >
                        {e.distinctId}
                      </Box>
                    </Tooltip>
                  </TableCell>
                  <TableCell sx={cell}>{text(e.city)}</TableCell>
                  <TableCell sx={cell}>{text(e.country)}</TableCell>
                  <TableCell sx={cell}>{text(e.os)}</TableCell>
                  <TableCell sx={cell}>{text(e.browser)}</TableCell>
                  <TableCell sx={cell}>{text(e.device)}</TableCell>
                  <TableCell sx={cell}>
                    <Url value={e.url} host={host} />
                  </TableCell>
                  <TableCell sx={cell}>
                    <Url value={e.landingPage} host={host} />
                  </TableCell>
                  <TableCell sx={cell}>
                    {e.referrer ? <Url value={e.referrer} host={host} /> : null}
                    {!e.referrer && !e.referrerClass ? NONE : null}
                    {e.referrerClass ? (
                      <Typography
                        component="span"
                        variant="caption"
                        color="text.secondary"
                        sx={{ ml: e.referrer ? 0.5 : 0 }}
                      >
                        {e.referrer ? `(${e.referrerClass})` : e.referrerClass}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell sx={cell}>{utmText(e.utm)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Scroll>
      ) : null}
      <Pagination rowsPerPageOptions={[25, 50, 100]} />
    </>
  );
};

/** Events: the website's stored tracking events, newest first (`GET /api/analytics-events`). */
export const EventsTab = ({ website }: { website: Website }) => {
  const websiteId = String(website.id);
  const hasEvents = useHasEvents(websiteId);
  return (
    <>
      {hasEvents === false ? <NoEventsYet websiteId={websiteId} /> : null}
      <Panel name="events" title="console.analytics.events.title" text="console.analytics.events.text">
        <ListBase<AnalyticsEvent>
          resource="analytics-events"
          filter={{ websiteId }}
          sort={{ field: 'time', order: 'DESC' }}
          perPage={25}
          disableSyncWithLocation
          storeKey={false}
          queryOptions={{ retry: false, onError: () => undefined }}
        >
          <EventRows website={website} />
        </ListBase>
      </Panel>
    </>
  );
};
