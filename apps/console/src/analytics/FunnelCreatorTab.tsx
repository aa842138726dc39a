import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  MenuItem,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useCreate, useGetOne, useNotify, useRedirect, useTranslate, useUpdate } from 'react-admin';
import type { Website } from '../types';
import { type FilterOperator, type Funnel, type FunnelStep } from './api';
import { useCroChoices } from '../cro/types';
import { Loading, Panel } from './parts';

/** DESIGN.md "Funnels": 2 to 20 steps; a window from one minute to 90 days, 14 days by default. */
const STEPS_MIN = 2;
const STEPS_MAX = 20;
const WINDOW_DEFAULT = 14 * 86_400;
const WINDOW_MAX = 90 * 86_400;
const UNITS = { minutes: 60, hours: 3600, days: 86_400 } as const;
type Unit = keyof typeof UNITS;

/** Event names the tracker sends, and properties filters and breakdowns often use (suggestions only). */
const EVENT_SUGGESTIONS = [
  'page_view',
  'cta_impression',
  'cta_click',
  'form_submitted',
  'dialog_open',
  'dialog_close',
  'calendly_event_scheduled',
  'experiment_exposure',
  'purchase',
];
const PROPERTY_SUGGESTIONS = [
  'url',
  'path',
  'referrer',
  'ctaId',
  'campaignId',
  'experimentId',
  'variant',
  'value',
  'currency',
  'utm.source',
  'utm.medium',
  'utm.campaign',
  'utm.term',
  'utm.content',
];

interface DraftFilter {
  property: string;
  operator: FilterOperator;
  value: string;
}
interface DraftStep {
  event: string;
  filters: DraftFilter[];
}
interface Draft {
  name: string;
  steps: DraftStep[];
  windowAmount: string;
  windowUnit: Unit;
  breakdown: string;
}

const windowParts = (seconds: number): { windowAmount: string; windowUnit: Unit } => {
  if (seconds % UNITS.days === 0) return { windowAmount: String(seconds / UNITS.days), windowUnit: 'days' };
  if (seconds % UNITS.hours === 0) return { windowAmount: String(seconds / UNITS.hours), windowUnit: 'hours' };
  return { windowAmount: String(Math.round(seconds / 60)), windowUnit: 'minutes' };
};

const draftOf = (funnel?: Funnel): Draft =>
  funnel
    ? {
        name: funnel.name,
        steps: funnel.steps.map((s) => ({
          event: s.event,
          filters: (s.filters ?? []).map((f) => ({ property: f.property, operator: f.operator, value: f.value ?? '' })),
        })),
        ...windowParts(funnel.windowSeconds || WINDOW_DEFAULT),
        breakdown: funnel.breakdown ?? '',
      }
    : {
        name: '',
        steps: [
          { event: 'page_view', filters: [] },
          { event: '', filters: [] },
        ],
        ...windowParts(WINDOW_DEFAULT),
        breakdown: '',
      };

/** The request's fields (`POST /api/funnels`, `PUT /api/funnels/{id}`). */
const payloadOf = (draft: Draft) => ({
  name: draft.name.trim(),
  steps: draft.steps.map((s): FunnelStep => ({
    event: s.event.trim(),
    filters: s.filters
      .filter((f) => f.property.trim())
      .map((f) =>
        f.operator === 'exists'
          ? { property: f.property.trim(), operator: f.operator }
          : { property: f.property.trim(), operator: f.operator, value: f.value },
      ),
  })),
  windowSeconds: Math.round(Number(draft.windowAmount) * UNITS[draft.windowUnit]),
  breakdown: draft.breakdown.trim() || null,
});

/** What is wrong with the draft before it is sent (message keys); the API checks again. */
const problemsOf = (draft: Draft): string[] => {
  const problems: string[] = [];
  if (!draft.name.trim()) problems.push('console.analytics.creator.problems.name');
  if (draft.steps.some((s) => !s.event.trim())) problems.push('console.analytics.creator.problems.event');
  const seconds = Number(draft.windowAmount) * UNITS[draft.windowUnit];
  if (!/^\d+$/.test(draft.windowAmount) || seconds < 60 || seconds > WINDOW_MAX)
    problems.push('console.analytics.creator.problems.window');
  return problems;
};

const StepCard = ({
  index,
  step,
  count,
  onChange,
  onMove,
  onRemove,
}: {
  index: number;
  step: DraftStep;
  count: number;
  onChange: (step: DraftStep) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) => {
  const translate = useTranslate();
  const operators = useCroChoices('funnels').choices('filterOperator');
  const setFilter = (i: number, filter: DraftFilter) =>
    onChange({ ...step, filters: step.filters.map((f, j) => (j === i ? filter : f)) });
  return (
    <Card variant="outlined" data-step-editor={index + 1}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, '&:last-child': { pb: 2 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="subtitle2" sx={{ minWidth: 56 }}>
            {translate('console.analytics.funnels.stepN', { n: index + 1 })}
          </Typography>
          <TextField
            size="small"
            label={translate('console.analytics.creator.event')}
            value={step.event}
            onChange={(event) => onChange({ ...step, event: event.target.value })}
            sx={{ flex: 1, maxWidth: 360 }}
            required
            slotProps={{ htmlInput: { list: 'funnel-event-names', 'data-step-event': index + 1 } }}
          />
          <Box sx={{ flex: 1 }} />
          <Tooltip title={translate('console.analytics.creator.up')}>
            <span>
              <IconButton
                size="small"
                disabled={index === 0}
                onClick={() => onMove(-1)}
                aria-label={translate('console.analytics.creator.up')}
              >
                <ArrowUpwardIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={translate('console.analytics.creator.down')}>
            <span>
              <IconButton
                size="small"
                disabled={index === count - 1}
                onClick={() => onMove(1)}
                aria-label={translate('console.analytics.creator.down')}
              >
                <ArrowDownwardIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={translate('console.analytics.creator.removeStep')}>
            <span>
              <IconButton
                size="small"
                disabled={count <= STEPS_MIN}
                onClick={onRemove}
                aria-label={translate('console.analytics.creator.removeStep')}
              >
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
        {step.filters.map((filter, i) => (
          <Box
            key={i}
            sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', pl: { sm: 8 } }}
            data-step-filter={i + 1}
          >
            <Typography variant="body2" color="text.secondary" sx={{ minWidth: 36 }}>
              {translate(i === 0 ? 'console.analytics.creator.where' : 'console.analytics.creator.and')}
            </Typography>
            <TextField
              size="small"
              label={translate('console.analytics.creator.property')}
              value={filter.property}
              onChange={(event) => setFilter(i, { ...filter, property: event.target.value })}
              sx={{ width: 180 }}
              slotProps={{ htmlInput: { list: 'funnel-properties' } }}
            />
            <TextField
              select
              size="small"
              label={translate('console.analytics.creator.operator')}
              value={filter.operator}
              onChange={(event) => setFilter(i, { ...filter, operator: event.target.value as FilterOperator })}
              sx={{ width: 160 }}
            >
              {operators.map(({ id: op }) => (
                <MenuItem key={op} value={op}>
                  {translate(`console.analytics.creator.operators.${op}`)}
                </MenuItem>
              ))}
            </TextField>
            {filter.operator !== 'exists' ? (
              <TextField
                size="small"
                label={translate('console.analytics.creator.value')}
                value={filter.value}
                onChange={(event) => setFilter(i, { ...filter, value: event.target.value })}
                sx={{ flex: '1 1 160px', maxWidth: 280 }}
              />
            ) : null}
            <IconButton
              size="small"
              onClick={() => onChange({ ...step, filters: step.filters.filter((_, j) => j !== i) })}
              aria-label={translate('console.analytics.creator.removeFilter')}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
        <Box sx={{ pl: { sm: 8 } }}>
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() =>
              onChange({ ...step, filters: [...step.filters, { property: '', operator: 'equals', value: '' }] })
            }
          >
            {translate('console.analytics.creator.addFilter')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
};

const Creator = ({ website, funnel }: { website: Website; funnel?: Funnel }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const [draft, setDraft] = useState<Draft>(() => draftOf(funnel));
  const [touched, setTouched] = useState(false);
  const [apiError, setApiError] = useState<string | null>(null);
  const [create, { isPending: creating }] = useCreate<Funnel>();
  const [update, { isPending: updating }] = useUpdate<Funnel>();
  const problems = problemsOf(draft);
  const setStep = (i: number, step: DraftStep) =>
    setDraft({ ...draft, steps: draft.steps.map((s, j) => (j === i ? step : s)) });
  const move = (i: number, by: -1 | 1) => {
    const steps = [...draft.steps];
    const [step] = steps.splice(i, 1);
    steps.splice(i + by, 0, step!);
    setDraft({ ...draft, steps });
  };
  const done = (saved: Funnel) => {
    notify(funnel ? 'console.analytics.creator.saved' : 'console.analytics.creator.created', { type: 'success' });
    redirect(`/analytics/funnels/${encodeURIComponent(String(saved.id))}`);
  };
  const failed = (e: unknown) => {
    const error = e as { message?: string; body?: { message?: string; errors?: Record<string, unknown> } };
    const fields = error?.body?.errors
      ? Object.values(error.body.errors).filter((v): v is string => typeof v === 'string')
      : [];
    setApiError(
      [error?.body?.message || error?.message || translate('console.analytics.loadFailed'), ...fields].join(' '),
    );
  };
  const save = () => {
    setTouched(true);
    setApiError(null);
    if (problems.length) return;
    const data = payloadOf(draft);
    if (funnel) {
      update(
        'funnels',
        { id: funnel.id, data: { ...data, version: funnel.version }, previousData: funnel },
        { mutationMode: 'pessimistic', onSuccess: done, onError: failed },
      );
    } else {
      create('funnels', { data: { websiteId: website.id, ...data } }, { onSuccess: done, onError: failed });
    }
  };
  return (
    <Panel
      name="funnel-creator"
      title={funnel ? 'console.analytics.creator.editTitle' : 'console.analytics.creator.title'}
      text="console.analytics.creator.text"
    >
      <datalist id="funnel-event-names">
        {EVENT_SUGGESTIONS.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <datalist id="funnel-properties">
        {PROPERTY_SUGGESTIONS.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 900 }}>
        <TextField
          size="small"
          label={translate('console.analytics.creator.name')}
          value={draft.name}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          required
          error={touched && !draft.name.trim()}
          sx={{ maxWidth: 480 }}
          slotProps={{ htmlInput: { 'data-funnel-name-input': true, maxLength: 200 } }}
        />
        {draft.steps.map((step, i) => (
          <StepCard
            key={i}
            index={i}
            step={step}
            count={draft.steps.length}
            onChange={(s) => setStep(i, s)}
            onMove={(by) => move(i, by)}
            onRemove={() => setDraft({ ...draft, steps: draft.steps.filter((_, j) => j !== i) })}
          />
        ))}
        <Box>
          <Button
            startIcon={<AddIcon />}
            disabled={draft.steps.length >= STEPS_MAX}
            onClick={() => setDraft({ ...draft, steps: [...draft.steps, { event: '', filters: [] }] })}
            data-add-step
          >
            {translate('console.analytics.creator.addStep')}
          </Button>
        </Box>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <TextField
              size="small"
              type="number"
              label={translate('console.analytics.creator.window')}
              value={draft.windowAmount}
              onChange={(event) => setDraft({ ...draft, windowAmount: event.target.value })}
              error={touched && problems.includes('console.analytics.creator.problems.window')}
              helperText={translate('console.analytics.creator.windowHelp')}
              sx={{ width: 180 }}
              slotProps={{ htmlInput: { min: 1, 'data-window': true } }}
            />
            <TextField
              select
              size="small"
              label={translate('console.analytics.creator.unit')}
              value={draft.windowUnit}
              onChange={(event) => setDraft({ ...draft, windowUnit: event.target.value as Unit })}
              sx={{ width: 130 }}
            >
              {(Object.keys(UNITS) as Unit[]).map((unit) => (
                <MenuItem key={unit} value={unit}>
                  {translate(`console.analytics.creator.units.${unit}`)}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <TextField
            size="small"
            label={translate('console.analytics.creator.breakdown')}
            value={draft.breakdown}
            onChange={(event) => setDraft({ ...draft, breakdown: event.target.value })}
            helperText={translate('console.analytics.creator.breakdownHelp')}
            sx={{ width: 300 }}
            slotProps={{ htmlInput: { list: 'funnel-properties', 'data-breakdown': true } }}
          />
        </Box>
        {touched && problems.length ? (
          <Alert severity="warning">
            {problems.map((p) => (
              <div key={p}>{translate(p)}</div>
            ))}
          </Alert>
        ) : null}
        {apiError ? (
          <Alert severity="error" data-api-error>
            {apiError}
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button variant="contained" onClick={save} disabled={creating || updating} data-save-funnel>
            {translate(funnel ? 'console.analytics.creator.save' : 'console.analytics.creator.create')}
          </Button>
          <Button
            onClick={() =>
              redirect(funnel ? `/analytics/funnels/${encodeURIComponent(String(funnel.id))}` : '/analytics/funnels')
            }
          >
            {translate('ra.action.cancel')}
          </Button>
        </Box>
      </Box>
    </Panel>
  );
};

/** Funnel Creator: a new funnel of the website, or (`#/analytics/funnel-creator/{id}`) a funnel's changes. */
export const FunnelCreatorTab = ({ website, funnelId }: { website: Website; funnelId?: string }) => {
  const {
    data: funnel,
    isPending,
    error,
  } = useGetOne<Funnel>('funnels', { id: funnelId ?? '' }, { enabled: Boolean(funnelId), retry: false });
  if (funnelId && isPending) return <Loading />;
  if (funnelId && error)
    return <Alert severity="error">{error instanceof Error ? error.message : String(error)}</Alert>;
  return <Creator key={funnelId ?? 'new'} website={website} funnel={funnelId ? funnel : undefined} />;
};
