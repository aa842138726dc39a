import {
  Alert,
  AlertTitle,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  List,
  ListItem,
  MenuItem,
  Radio,
  RadioGroup,
  Skeleton,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Link,
  useCreatePath,
  useDataProvider,
  useGetList,
  useGetMany,
  useGetOne,
  useNotify,
  useRecordContext,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { errorMessage } from '../common/errors';
import { useWorkflowActions } from '../common/useWorkflowActions';
import { formatMoment } from '../common/dates';
import { useWebsiteTimeZone } from '../common/DateFields';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import type { CtaTemplateRecord } from './CtaTemplatePicker';
import { useCroChoices, type CroRecord } from './types';

/** How often a running generation's campaign is read again. */
export const GENERATION_POLL_MS = 2000;

/** A campaign's running job (DESIGN.md "Campaign": `Generate`), with counts if the job records them. */
interface GenerationJob {
  jobId: string;
  templateId: string;
  done?: number;
  total?: number;
  progress?: { done?: number; total?: number };
  startedAt?: string;
}

/** How the last job ended. */
interface LastGeneration {
  jobId: string;
  outcome: 'finished' | 'failed' | 'cancelled';
  ctaIds?: string[];
  reason?: string | null;
}

type CampaignRecord = CroRecord & { generation?: GenerationJob | null; lastGeneration?: LastGeneration | null };

const useTemplates = () =>
  useGetList<CtaTemplateRecord>('cta-templates', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
  });

/**
 * One template out of `GET /api/cta-templates` (starters and the organisation's own), by name with
 * its type, narrowed by type: what a generation builds its CTAs from.
 */
export const TemplateChoice = ({ value, onChange }: { value: string; onChange: (templateId: string) => void }) => {
  const translate = useTranslate();
  const { data, isPending, error, refetch } = useTemplates();
  const [type, setType] = useState('all');
  // Starters first, then the organisation's own, each by name.
  const templates = [...(data ?? [])].sort(
    (a, b) => Number(!a.builtIn) - Number(!b.builtIn) || a.name.localeCompare(b.name),
  );
  // The CTA types (the API's list, in its order) that have templates.
  const ctaTypes = useCroChoices('ctas').choices('type');
  const typeName = (value: string) => ctaTypes.find((choice) => choice.id === value)?.name ?? value;
  const types = ctaTypes.filter((choice) => templates.some((t) => t.type === choice.id));
  const shown = templates.filter((t) => type === 'all' || t.type === type);
  if (isPending) return <Skeleton variant="rounded" height={160} />;
  if (error)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            {translate('console.cro.ctas.templates.retry')}
          </Button>
        }
      >
        {translate('console.cro.ctas.templates.failed', { message: errorMessage(error) })}
      </Alert>
    );
  if (templates.length === 0) return <Alert severity="info">{translate('console.cro.generation.noTemplates')}</Alert>;
  return (
    <Box data-template-choice>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('console.cro.generation.chooseText')}
      </Typography>
      {types.length > 1 ? (
        <TextField
          select
          size="small"
          label={translate('console.cro.generation.type')}
          value={type}
          onChange={(event) => setType(event.target.value)}
          sx={{ minWidth: 220, mb: 1 }}
          slotProps={{ htmlInput: { 'data-template-type': true } }}
        >
          <MenuItem value="all">{translate('console.cro.ctas.templates.all')}</MenuItem>
          {types.map((choice) => (
            <MenuItem key={choice.id} value={choice.id}>
              {choice.name}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      <RadioGroup
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-label={translate('console.cro.generation.template')}
      >
        {shown.map((template) => (
          <FormControlLabel
            key={template.id}
            value={template.id}
            control={<Radio />}
            data-template={template.id}
            sx={{ alignItems: 'flex-start', mb: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
            label={
              <Box sx={{ pt: 0.75 }}>
                <Typography variant="body1" data-template-name>
                  {template.name}
                </Typography>
                <Typography variant="caption" color="text.secondary" data-template-type-name>
                  {translate(
                    template.builtIn ? 'console.cro.generation.starterOfType' : 'console.cro.generation.ownOfType',
                    { type: typeName(template.type) },
                  )}
                </Typography>
              </Box>
            }
          />
        ))}
      </RadioGroup>
    </Box>
  );
};

/**
 * The template question of a generation (a campaign's, or the selected campaigns' in bulk):
 * `onConfirm(templateId)` starts it.
 */
export const GenerateDialog = ({
  open,
  title,
  busy = false,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: string;
  busy?: boolean;
  onClose: () => void;
  onConfirm: (templateId: string) => void;
}) => {
  const translate = useTranslate();
  const [chosen, setChosen] = useState('');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="cro-generate-title"
      data-generate-dialog
    >
      <DialogTitle id="cro-generate-title">{title}</DialogTitle>
      <DialogContent dividers>{open ? <TemplateChoice value={chosen} onChange={setChosen} /> : null}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!chosen || busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          onClick={() => onConfirm(chosen)}
          data-generate-confirm
        >
          {translate('console.cro.generation.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** Counts the job recorded (`done`/`total`, or `progress.done`/`progress.total`), if any. */
const countsOf = (job: GenerationJob): { done: number; total: number } | null => {
  const done = job.progress?.done ?? job.done;
  const total = job.progress?.total ?? job.total;
  return typeof done === 'number' && typeof total === 'number' && total > 0 ? { done, total } : null;
};

/** The CTAs a finished job made, by name, each a link to its page. */
const GeneratedCtas = ({ ids }: { ids: string[] }) => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { data } = useGetMany<CroRecord>('ctas', { ids }, { enabled: ids.length > 0 });
  if (ids.length === 0) return null;
  const name = (id: string) =>
    data?.find((cta) => String(cta.id) === id)?.name ?? translate('console.cro.generation.ctaUnnamed');
  return (
    <List
      dense
      disablePadding
      aria-label={translate('console.cro.generation.made')}
      data-generated-ctas
      sx={{ mt: 0.5 }}
    >
      {ids.map((id) => (
        <ListItem key={id} disableGutters sx={{ py: 0 }}>
          <Link to={createPath({ resource: 'ctas', id, type: 'edit' })} data-generated-cta={id}>
            {name(id)}
          </Link>
        </ListItem>
      ))}
    </List>
  );
};

/**
 * A campaign's theme generation on its page: while `generation` runs, its progress (the counts the
 * job records, else a spinner with the template and the start time from the history), the campaign
 * read again every 2 s until it ends, and "Cancel generation" when `allowedActions` offers it; then
 * how the last one ended (`lastGeneration`): finished with links to the CTAs made, cancelled, or
 * failed with the reason. Reading the campaign with react-admin's own query refreshes the page's
 * record (its version and buttons) when the job ends.
 */
export const GenerationPanel = () => {
  const context = useRecordContext<CampaignRecord>();
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const id = context?.id as Identifier;
  const running = Boolean(context?.generation);
  const { data: polled, refetch } = useGetOne<CampaignRecord>(
    'campaigns',
    { id },
    { enabled: id != null, refetchInterval: running ? GENERATION_POLL_MS : false },
  );
  const record = polled ?? context;
  const job = record?.generation ?? null;
  const { data: templates } = useTemplates();
  const timeZone = useWebsiteTimeZone(record);
  // The start of a job the record names without a time: its CampaignGenerationStarted in the history.
  const { data: startedAt } = useQuery({
    queryKey: ['campaigns', 'generationStarted', String(id), job?.jobId],
    enabled: Boolean(job && !job.startedAt),
    queryFn: async () => {
      const { data } = await dataProvider.history('campaigns', id);
      const started =
        [...data]
          .sort((a, b) => (b.version ?? 0) - (a.version ?? 0))
          .find(
            (entry) =>
              entry.type === 'CampaignGenerationStarted' &&
              (entry.data as { jobId?: string } | undefined)?.jobId === job?.jobId,
          ) ??
        [...data]
          .sort((a, b) => (b.version ?? 0) - (a.version ?? 0))
          .find((entry) => entry.type === 'CampaignGenerationStarted');
      return started?.time ?? started?.timestamp ?? null;
    },
  });
  // "Cancel generation" (when the API offers it), then the campaign read again rather than the whole page.
  const cancelling = useWorkflowActions('campaigns', record, {
    only: ['CancelGeneration'],
    onDone: (action) => {
      notify('console.cro.notices.done', { type: 'success', messageArgs: { action: cancelling.label(action) } });
      void refetch();
      return true;
    },
    onRefused: () => void refetch(),
  });
  if (!record) return null;

  if (job) {
    const template = templates?.find((t) => t.id === job.templateId);
    const counts = countsOf(job);
    const since = job.startedAt ?? startedAt ?? null;
    return (
      <Alert
        severity="info"
        icon={<CircularProgress size={20} />}
        sx={{ mt: 1 }}
        data-generation="running"
        action={
          cancelling.actions.map(({ name, label }) => (
            <Button
              key={name}
              color="inherit"
              size="small"
              disabled={cancelling.busy}
              onClick={() => void cancelling.run(name)}
              data-action={name}
            >
              {label}
            </Button>
          ))[0]
        }
      >
        <AlertTitle data-generation-progress>
          {counts
            ? translate('console.cro.generation.progress', { done: counts.done, total: counts.total })
            : translate('console.cro.generation.running')}
        </AlertTitle>
        {counts ? (
          <LinearProgress
            variant="determinate"
            value={(100 * counts.done) / counts.total}
            sx={{ mb: 1, minWidth: 280 }}
            data-generation-bar
          />
        ) : null}
        <Typography variant="body2" data-generation-detail>
          {[
            template ? translate('console.cro.generation.fromTemplate', { name: template.name }) : null,
            since ? translate('console.cro.generation.since', { time: formatMoment(since, timeZone) }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </Alert>
    );
  }

  const last = record.lastGeneration;
  if (!last) return null;
  if (last.outcome === 'finished') {
    const ids = Array.isArray(last.ctaIds) ? last.ctaIds : [];
    return (
      <Alert severity="success" sx={{ mt: 1 }} data-generation="finished">
        <AlertTitle data-generation-outcome>
          {translate('console.cro.generation.finished', { smart_count: ids.length })}
        </AlertTitle>
        <GeneratedCtas ids={ids} />
      </Alert>
    );
  }
  if (last.outcome === 'cancelled')
    return (
      <Alert severity="info" sx={{ mt: 1 }} data-generation="cancelled">
        <span data-generation-outcome>{translate('console.cro.generation.cancelled')}</span>
      </Alert>
    );
  return (
    <Alert severity="error" sx={{ mt: 1 }} data-generation="failed">
      <AlertTitle data-generation-outcome>{translate('console.cro.generation.failed')}</AlertTitle>
      {last.reason ? <span data-generation-reason>{last.reason}</span> : null}
    </Alert>
  );
};
