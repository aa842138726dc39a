import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Tooltip,
  Typography,
} from '@mui/material';
import { Fragment, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useWorkflowDefinition } from './api';
import { useActionTexts, usePostStatusLabel, useRoleLabel } from './labels';
import type { WorkflowTransition } from './types';

/** The pre-publication stages and Published, in the order a post moves through them. */
const FLOW = [
  'Writer',
  'Edit',
  'SecondEdit',
  'Review',
  'FactCheck',
  'SecondFactCheck',
  'ThirdFactCheck',
  'FourthFactCheck',
  'Published',
];
const AFTER = ['Deleted', 'Archived'];
const OPTIONAL = new Set(['SecondEdit', 'Review', 'FactCheck', 'SecondFactCheck', 'ThirdFactCheck', 'FourthFactCheck']);

const EDITORS = ['owner', 'admin', 'cms:admin', 'cms:manager', 'cms:editor'];
const ADMINS = ['owner', 'admin', 'cms:admin'];

type Translate = (key: string, options?: object) => string;

/** "creators and editors" rather than six role names (editors = owners, org admins, CMS admins, managers, editors). */
export const whoMay = (
  roles: string[],
  translate: Translate,
  roleLabel: (role: string, plural?: boolean) => string,
): string => {
  const plural = (role: string) => roleLabel(role, true);
  let rest = [...roles];
  const parts: string[] = [];
  if (EDITORS.every((r) => rest.includes(r))) {
    rest = rest.filter((r) => !EDITORS.includes(r));
    parts.push(translate('console.posts.workflow.editors'));
  } else if (ADMINS.every((r) => rest.includes(r))) {
    rest = rest.filter((r) => !ADMINS.includes(r) && r !== 'platform_admin');
    parts.push(translate('console.posts.workflow.admins'));
  }
  parts.unshift(...rest.filter((r) => r === 'cms:creator').map(plural));
  parts.push(...rest.filter((r) => r !== 'cms:creator').map(plural));
  if (parts.length <= 1) return parts[0] ?? translate('console.posts.workflow.nobody');
  return translate('console.posts.workflow.and', { list: parts.slice(0, -1).join(', '), last: parts.at(-1) });
};

const order = (status: string) => {
  const i = FLOW.indexOf(status);
  return i === -1 ? 100 + AFTER.indexOf(status) : i;
};

interface StageView {
  status: string;
  workedBy: string | null;
  forward: WorkflowTransition[];
  /** Straight back to a fact-check level that returned the post (one line for all of them). */
  resubmits: WorkflowTransition[];
  back: WorkflowTransition[];
  other: WorkflowTransition[];
  onPage: WorkflowTransition[];
}

const IN_PLACE_ORDER = ['Save', 'Select', 'Discard', 'TakeOver', 'SendTo', 'ApproveRegulation', 'ExportPage'];

/** Sorts the table's transitions by the status they leave: forward, back, other moves, and actions that stay. */
const REGULATION = ['ApproveRegulation', 'DeclineRegulation'];

const stagesOf = (
  transitions: WorkflowTransition[],
  used: Set<string> | null,
  regulated: boolean | undefined,
  who: (roles: string[]) => string,
): StageView[] =>
  [...FLOW, ...AFTER].map((status) => {
    const leaving = transitions.filter(
      (t) =>
        t.from.includes(status) &&
        t.action !== 'KeepDraft' &&
        (regulated !== false || !REGULATION.includes(t.action)) &&
        (!used || !t.to || used.has(t.to) || !OPTIONAL.has(t.to)),
    );
    const select = leaving.find((t) => t.action === 'Select') ?? leaving.find((t) => t.action === 'Save');
    const forward: WorkflowTransition[] = [];
    const resubmits: WorkflowTransition[] = [];
    const back: WorkflowTransition[] = [];
    const other: WorkflowTransition[] = [];
    const onPage: WorkflowTransition[] = [];
    for (const t of leaving) {
      if (t.action === 'ApproveFactCheck') forward.push(t);
      else if (t.description?.startsWith('Resubmits')) resubmits.push(t);
      else if (!t.to) onPage.push(t);
      else if (AFTER.includes(t.to) || t.to === 'Purged' || AFTER.includes(status)) other.push(t);
      else if (order(t.to) > order(status)) forward.push(t);
      else back.push(t);
    }
    forward.sort((a, b) => order(a.to ?? 'Published') - order(b.to ?? 'Published'));
    back.sort((a, b) => order(b.to!) - order(a.to!));
    onPage.sort((a, b) => IN_PLACE_ORDER.indexOf(a.action) - IN_PLACE_ORDER.indexOf(b.action));
    return { status, workedBy: select ? who(select.roles) : null, forward, resubmits, back, other, onPage };
  });

/** The words of the diagram: translate, and the labels of actions, statuses and roles. */
const useDiagramTexts = () => {
  const translate = useTranslate();
  const texts = useActionTexts();
  const statusLabel = usePostStatusLabel();
  const roleLabel = useRoleLabel();
  return {
    translate,
    actionLabel: texts.label,
    statusLabel,
    who: (roles: string[]) => whoMay(roles, translate, roleLabel),
  };
};

const Line = ({ t, status }: { t: WorkflowTransition; status: string }) => {
  const { translate, actionLabel, statusLabel, who } = useDiagramTexts();
  const target =
    t.action === 'ApproveFactCheck'
      ? translate('console.posts.workflow.nextLevel')
      : t.to === 'Purged'
        ? translate('console.posts.workflow.removed')
        : statusLabel(t.to);
  return (
    <Tooltip title={t.description ?? ''} placement="top-start">
      <Box component="li" sx={{ mb: 0.5 }} data-transition={t.action}>
        <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
          {actionLabel(t.action)}
        </Typography>
        <Typography variant="body2" component="span" color="text.secondary">
          {' → '}
          {target}
        </Typography>
        <Typography variant="caption" component="div" color="text.secondary">
          {who(t.roles)}
          {t.action === 'Publish' && status !== 'Deleted' ? translate('console.posts.workflow.fromLastStage') : ''}
          {t.action === 'Publish' || t.action === 'ApproveFactCheck'
            ? translate('console.posts.workflow.fourEyes')
            : ''}
          {t.action.startsWith('ReturnTo') || t.action === 'DeclineRegulation'
            ? translate('console.posts.workflow.withNote')
            : ''}
        </Typography>
      </Box>
    </Tooltip>
  );
};

const Section = ({
  title,
  items,
  color,
  status,
}: {
  title: string;
  items: WorkflowTransition[];
  color: string;
  status: string;
}) => {
  const translate = useTranslate();
  return items.length ? (
    <Box sx={{ mt: 1 }}>
      <Typography variant="overline" sx={{ color, lineHeight: 1.5 }}>
        {translate(title)}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {items.map((t) => (
          <Line key={`${t.action}-${t.to}`} t={t} status={status} />
        ))}
      </Box>
    </Box>
  ) : null;
};

/**
 * The article workflow from `GET /api/workflows/post`: the stages as boxes in order, and per
 * stage who works it, where it moves forward, where it goes back and what can be done on the page.
 * With `stages` (a website's), the stages that website does not use are greyed out.
 */
export const WorkflowDiagram = ({
  stages,
  current,
  websiteName,
  regulated,
}: {
  stages?: string[];
  current?: string;
  websiteName?: string;
  /** `false` leaves out the regulation approval (only regulated websites use it). */
  regulated?: boolean;
}) => {
  const { data, error, isPending } = useWorkflowDefinition();
  const { translate, actionLabel, statusLabel, who } = useDiagramTexts();
  if (error)
    return (
      <Alert severity="error">
        {translate('console.posts.workflow.loadFailed', { message: (error as Error).message })}
      </Alert>
    );
  if (isPending || !data) return <CircularProgress size={24} />;
  const used = stages?.length ? new Set([...stages, 'Published', ...AFTER]) : null;
  const views = stagesOf(data.transitions, used, regulated, who);
  const isUsed = (status: string) => !used || used.has(status);
  return (
    <Box>
      {used ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {websiteName
            ? translate('console.posts.workflow.usedBy', { name: websiteName })
            : translate('console.posts.workflow.usedByThis')}
        </Typography>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('console.posts.workflow.optionalStages')}
        </Typography>
      )}
      <Box
        aria-label={translate('console.posts.workflow.stages')}
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, mb: 1 }}
      >
        {FLOW.map((status, i) => (
          <Fragment key={status}>
            {i > 0 ? <ArrowForwardIcon sx={{ fontSize: 16 }} color={isUsed(status) ? 'action' : 'disabled'} /> : null}
            <Paper
              variant="outlined"
              data-stage-box={status}
              sx={{
                px: 1,
                py: 0.5,
                borderWidth: status === current ? 2 : 1,
                borderStyle: !used && OPTIONAL.has(status) ? 'dashed' : 'solid',
                borderColor: status === current ? 'primary.main' : status === 'Published' ? 'success.main' : 'divider',
                bgcolor: !isUsed(status)
                  ? 'action.disabledBackground'
                  : status === 'Published'
                    ? '#edf7ed'
                    : 'background.paper',
                opacity: isUsed(status) ? 1 : 0.55,
              }}
            >
              <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap', fontSize: 13 }}>
                {statusLabel(status)}
              </Typography>
            </Paper>
          </Fragment>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 2 }}>
        {translate('console.posts.workflow.after')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' }, gap: 1.5 }}>
        {views
          .filter((v) => isUsed(v.status))
          .map((v) => (
            <Paper
              key={v.status}
              variant="outlined"
              data-stage-card={v.status}
              sx={{
                p: 1.5,
                borderColor: v.status === current ? 'primary.main' : 'divider',
                borderWidth: v.status === current ? 2 : 1,
              }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
                  {statusLabel(v.status)}
                </Typography>
                {v.status === current ? (
                  <Chip size="small" color="primary" label={translate('console.posts.workflow.thisPost')} />
                ) : null}
                {!used && OPTIONAL.has(v.status) ? (
                  <Chip size="small" variant="outlined" label={translate('console.posts.workflow.optional')} />
                ) : null}
              </Box>
              {v.workedBy ? (
                <Typography variant="caption" color="text.secondary">
                  {translate('console.posts.workflow.workedBy', { who: v.workedBy })}
                </Typography>
              ) : null}
              <Section
                title="console.posts.workflow.forward"
                items={v.forward}
                color="primary.main"
                status={v.status}
              />
              {v.resubmits.length ? (
                <Typography
                  variant="caption"
                  component="p"
                  color="text.secondary"
                  sx={{ mt: 0.5, pl: 2 }}
                  data-resubmits={v.status}
                >
                  {translate('console.posts.workflow.resubmits', {
                    levels: v.resubmits.map((t) => statusLabel(t.to)).join(', '),
                  })}
                </Typography>
              ) : null}
              <Section title="console.posts.workflow.back" items={v.back} color="warning.dark" status={v.status} />
              <Section title="console.posts.workflow.other" items={v.other} color="text.secondary" status={v.status} />
              {v.onPage.length ? (
                <Box sx={{ mt: 1 }}>
                  <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
                    {translate('console.posts.workflow.onPage')}
                  </Typography>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                    {v.onPage.map((t) => (
                      <Tooltip key={t.action} title={`${who(t.roles)}${t.description ? ` — ${t.description}` : ''}`}>
                        <Chip size="small" variant="outlined" label={actionLabel(t.action)} />
                      </Tooltip>
                    ))}
                  </Box>
                </Box>
              ) : null}
            </Paper>
          ))}
      </Box>
    </Box>
  );
};

/** A "Workflow" button that opens the diagram in a dialog. */
export const WorkflowDiagramButton = ({
  stages,
  current,
  websiteName,
  regulated,
  size = 'small',
}: {
  stages?: string[];
  current?: string;
  websiteName?: string;
  regulated?: boolean;
  size?: 'small' | 'medium';
}) => {
  const [open, setOpen] = useState(false);
  const translate = useTranslate();
  return (
    <>
      <Button size={size} startIcon={<AccountTreeOutlinedIcon />} onClick={() => setOpen(true)}>
        {translate('console.posts.workflow.button')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="lg" aria-labelledby="post-workflow-title">
        <DialogTitle id="post-workflow-title">
          {websiteName
            ? translate('console.posts.workflow.titleOf', { name: websiteName })
            : translate('console.posts.workflow.title')}
        </DialogTitle>
        <DialogContent dividers>
          {open ? (
            <WorkflowDiagram stages={stages} current={current} websiteName={websiteName} regulated={regulated} />
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('console.posts.buttons.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
