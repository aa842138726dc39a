import { Alert, Box, Button, Card, CardContent, LinearProgress, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useDataProvider, useTranslate, type Identifier } from 'react-admin';
import { SnippetBox } from '../onboarding/SnippetBox';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import { formatCount } from './format';

/** Table cells of figures: right-aligned, digits of one width, never wrapped. */
export const num = { align: 'right' as const, sx: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } };

/**
 * A wide table's box: it scrolls sideways inside its card instead of widening the page (its width
 * 0 and min-width 100% keep the table's own width out of the page's layout).
 */
export const Scroll = ({ children }: { children: ReactNode }) => (
  <Box sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}>{children}</Box>
);

/** A headline figure (`label`: a message key). `name` is its `data-figure`, for tests and styles. */
export const Figure = ({
  label,
  value,
  hint,
  name,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  name: string;
}) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }} data-figure={name} aria-label={translate(label)}>
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="body2" color="text.secondary">
          {translate(label)}
        </Typography>
        <Typography
          variant="h5"
          component="p"
          sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
          data-value
        >
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

/** Figures in a grid that fills the width: as many columns of at least `min` px as fit. */
export const Figures = ({ children, min = 160 }: { children: ReactNode; min?: number }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(auto-fill, minmax(${min}px, 1fr))`, gap: 1.5 }}>
    {children}
  </Box>
);

/** A titled card of the Analytics area (`title`, `text`: message keys). */
export const Panel = ({
  title,
  text,
  children,
  name,
  action,
}: {
  title: string;
  text?: string;
  children: ReactNode;
  name: string;
  action?: ReactNode;
}) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" component="section" aria-label={translate(title)} data-panel={name}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap', mb: 1 }}>
          <Box sx={{ flex: 1, minWidth: 200 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {translate(title)}
            </Typography>
            {text ? (
              <Typography variant="body2" color="text.secondary">
                {translate(text)}
              </Typography>
            ) : null}
          </Box>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
};

/** "Computing from stored events: N visitors left", with a progress bar, while the API computes. */
export const Pending = ({ left }: { left: number | undefined }) => {
  const translate = useTranslate();
  if (!left || left <= 0) return null;
  return (
    <Alert severity="info" icon={false} data-pending={left} sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      {translate('console.analytics.pending', { count: formatCount(left), smart_count: left })}
      <LinearProgress sx={{ mt: 1 }} aria-label={translate('console.analytics.computing')} />
    </Alert>
  );
};

/** A report that could not be read: the API's message. */
export const ReportError = ({ error }: { error: unknown }) => {
  const translate = useTranslate();
  if (!error) return null;
  const message = error instanceof Error && error.message ? error.message : 'console.analytics.loadFailed';
  return (
    <Alert severity="error" data-report-error>
      {translate(message, { _: message })}
    </Alert>
  );
};

/** While a report loads. */
export const Loading = ({ height = 160 }: { height?: number }) => <Skeleton variant="rounded" height={height} />;

interface Installation {
  snippet: string;
}

/**
 * Nothing arrived from the website yet: what to install, and where. The snippet itself comes from
 * `GET /api/websites/{id}/installation` when asked (the website's page has it too).
 */
export const NoEventsYet = ({ websiteId }: { websiteId: Identifier }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [shown, setShown] = useState(false);
  const { data, error, isFetching } = useQuery({
    queryKey: ['websites', websiteId, 'installation'],
    queryFn: async () => (await dataProvider.getPart<Installation>('websites', websiteId, 'installation')).data,
    enabled: shown,
    retry: false,
  });
  return (
    <Alert severity="info" data-no-events sx={{ '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}>
      <Typography variant="body2">{translate('console.analytics.noEvents')}</Typography>
      <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="outlined"
          component={Link}
          to={`/websites/${encodeURIComponent(String(websiteId))}/show`}
        >
          {translate('console.analytics.openWebsite')}
        </Button>
        {!shown ? (
          <Button size="small" onClick={() => setShown(true)}>
            {translate('console.analytics.showSnippet')}
          </Button>
        ) : null}
      </Box>
      {shown && isFetching ? <LinearProgress sx={{ mt: 1 }} /> : null}
      {shown && error ? (
        <Typography variant="body2" color="error" sx={{ mt: 1 }}>
          {error instanceof Error ? error.message : translate('console.analytics.loadFailed')}
        </Typography>
      ) : null}
      {data?.snippet ? (
        <Box sx={{ mt: 1 }}>
          <SnippetBox snippet={data.snippet} />
        </Box>
      ) : null}
    </Alert>
  );
};
