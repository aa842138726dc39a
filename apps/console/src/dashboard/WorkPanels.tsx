import EventIcon from '@mui/icons-material/Event';
import ReplyIcon from '@mui/icons-material/Reply';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Divider,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { LinkBase, useGetList, useStore, useTranslate, type Identifier } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { humanizeName } from '../common/historyText';
import { daysSince, daysUntil, formatDay, formatMoment } from '../common/dates';
import { POSTS, POSTS_TAB_STORE_KEY, type PostDashboard } from '../posts/api';
import { useRecordPath } from '../audit/recordPath';
import type { AuditRecord } from '../audit/types';
import { AUDIT_RESOURCES } from '../audit/labels';

export const Panel = ({
  title,
  children,
  testId,
  action,
}: {
  title: string;
  children: ReactNode;
  testId: string;
  action?: ReactNode;
}) => {
  const translate = useTranslate();
  return (
    <Card data-testid={testId} sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2">
            {translate(title)}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
};

/** Counts per stage as horizontal bars: the longest bar is the fullest stage. */
export const StageBars = ({
  stages,
  label,
}: {
  stages: { status: string; label: string; count: number }[];
  label: string;
}) => {
  const translate = useTranslate();
  const max = Math.max(1, ...stages.map((s) => s.count));
  return (
    <Box
      component="ul"
      aria-label={translate(label)}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}
    >
      {stages.map((stage) => (
        <Box
          component="li"
          key={stage.status}
          data-status={stage.status}
          aria-label={translate('console.dashboard.stageCount', { stage: stage.label, smart_count: stage.count })}
          sx={{ display: 'grid', gridTemplateColumns: 'minmax(90px, 34%) 1fr 2.5em', alignItems: 'center', gap: 1 }}
        >
          <Typography variant="body2" noWrap title={stage.label}>
            {stage.label}
          </Typography>
          <Box sx={{ height: 14, borderRadius: 1, bgcolor: 'action.hover', overflow: 'hidden' }} aria-hidden>
            <Box
              sx={{
                height: '100%',
                width: `${(stage.count / max) * 100}%`,
                bgcolor: 'primary.main',
                borderRadius: 1,
                minWidth: stage.count ? 4 : 0,
              }}
            />
          </Box>
          <Typography variant="body2" sx={{ textAlign: 'right', fontWeight: 600 }} aria-hidden>
            {stage.count}
          </Typography>
        </Box>
      ))}
    </Box>
  );
};

const PostLink = ({ id, title }: { id: Identifier; title: string }) => {
  const path = useRecordPath();
  return (
    <LinkBase to={path(POSTS, id) ?? `/${POSTS}/${id}`} style={{ color: 'inherit', fontWeight: 500 }}>
      {title}
    </LinkBase>
  );
};

/** A writer's desk: their posts by stage, what is due, and what came back with a note. */
export const YourWork = ({ mine }: { mine: PostDashboard['mine'] }) => {
  const translate = useTranslate();
  const openTab = useOpenPostsTab();
  const empty = mine.stages.length === 0;
  return (
    <Panel
      title="console.dashboard.yourWork"
      testId="your-work"
      action={
        <Button size="small" onClick={() => openTab('your-posts')}>
          {translate('console.dashboard.openYourPosts')}
        </Button>
      }
    >
      {empty ? (
        <Typography variant="body2" color="text.secondary">
          {translate('console.dashboard.noWork')}
        </Typography>
      ) : (
        <StageBars stages={mine.stages} label="console.dashboard.yourPostsByStage" />
      )}
      {mine.returned.length ? (
        <>
          <Divider sx={{ my: 1.5 }} />
          <Typography variant="subtitle2" component="h3">
            {translate('console.dashboard.returned')}
          </Typography>
          <List dense disablePadding aria-label={translate('console.dashboard.returned')}>
            {mine.returned.map((post) => (
              <ListItem key={String(post.id)} disableGutters sx={{ alignItems: 'flex-start', gap: 1 }}>
                <ReplyIcon fontSize="small" color="warning" sx={{ mt: 0.5 }} />
                <ListItemText
                  primary={<PostLink id={post.id} title={post.title} />}
                  secondary={
                    <>
                      {post.note ? (
                        <Box component="span" sx={{ display: 'block', fontStyle: 'italic', color: 'text.primary' }}>
                          “{post.note}”
                        </Box>
                      ) : null}
                      {translate('console.dashboard.returnedBy', {
                        name: post.by ?? translate('console.audit.system'),
                        date: formatMoment(post.at),
                      })}
                    </>
                  }
                />
              </ListItem>
            ))}
          </List>
        </>
      ) : null}
      {mine.due.length ? (
        <>
          <Divider sx={{ my: 1.5 }} />
          <Typography variant="subtitle2" component="h3">
            {translate('console.dashboard.due')}
          </Typography>
          <List dense disablePadding aria-label={translate('console.dashboard.due')}>
            {mine.due.map((post) => {
              const days = daysUntil(post.dueDate);
              return (
                <ListItem key={String(post.id)} disableGutters sx={{ gap: 1 }}>
                  <EventIcon fontSize="small" color={days < 0 ? 'error' : days <= 2 ? 'warning' : 'action'} />
                  <ListItemText primary={<PostLink id={post.id} title={post.title} />} secondary={post.statusLabel} />
                  <Chip
                    size="small"
                    variant={days < 0 ? 'filled' : 'outlined'}
                    color={days < 0 ? 'error' : days <= 2 ? 'warning' : 'default'}
                    label={
                      days < 0
                        ? translate('console.dashboard.overdue', { date: formatDay(post.dueDate) })
                        : days === 0
                          ? translate('console.dashboard.dueToday')
                          : translate('console.dashboard.dueOn', { date: formatDay(post.dueDate) })
                    }
                  />
                </ListItem>
              );
            })}
          </List>
        </>
      ) : null}
    </Panel>
  );
};

/** Opens the posts screen at a tab. */
const useOpenPostsTab = () => {
  const [, setTab] = useStore<string | null>(POSTS_TAB_STORE_KEY, null);
  const navigate = useNavigate();
  return (tab: string) => {
    setTab(tab);
    navigate(`/${POSTS}`);
  };
};

/** An editor's or checker's queues: how many, how many nobody took yet, and how long the oldest waits. */
export const YourQueues = ({ queues }: { queues: PostDashboard['queues'] }) => {
  const translate = useTranslate();
  const openTab = useOpenPostsTab();
  return (
    <Panel title="console.dashboard.queues" testId="your-queues">
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {queues.map((queue) => {
          const age = queue.oldestSince ? daysSince(queue.oldestSince) : null;
          return (
            <Box
              component="li"
              key={queue.status}
              data-queue={queue.status}
              sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}
            >
              <Typography variant="h4" component="p" sx={{ minWidth: '1.5em', textAlign: 'right' }} aria-hidden>
                {queue.count}
              </Typography>
              <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
                <Typography variant="subtitle1" component="h3">
                  {queue.label}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {queue.count === 0
                    ? translate('console.dashboard.queueEmpty')
                    : translate('console.dashboard.queueWaiting', { smart_count: queue.waiting, count: queue.count })}
                  {age !== null && queue.count > 0
                    ? ` · ${age === 0 ? translate('console.dashboard.oldestToday') : translate('console.dashboard.oldestDays', { smart_count: age })}`
                    : ''}
                </Typography>
              </Box>
              <Button
                size="small"
                variant={queue.waiting ? 'contained' : 'outlined'}
                onClick={() => openTab(queue.tab)}
                disabled={queue.count === 0}
              >
                {translate('console.dashboard.openQueue', { name: queue.label })}
              </Button>
            </Box>
          );
        })}
      </Box>
    </Panel>
  );
};

export const Pipeline = ({ pipeline }: { pipeline: NonNullable<PostDashboard['pipeline']> }) => (
  <Panel title="console.dashboard.pipeline" testId="pipeline">
    <StageBars stages={pipeline} label="console.dashboard.pipeline" />
  </Panel>
);

/** The organisation's latest changes, from the audit trail, in words. */
export const RecentActivity = () => {
  const translate = useTranslate();
  const path = useRecordPath();
  const { data, isPending, error } = useGetList<AuditRecord>('audit', {
    pagination: { page: 1, perPage: 6 },
    sort: { field: 'time', order: 'DESC' },
  });
  return (
    <Panel
      title="console.dashboard.activity"
      testId="recent-activity"
      action={
        <Button size="small" component={LinkBase} to="/audit">
          {translate('console.dashboard.openAudit')}
        </Button>
      }
    >
      {isPending ? (
        <Skeleton height={120} />
      ) : error || !data?.length ? (
        <Typography variant="body2" color="text.secondary">
          {translate('console.dashboard.noActivity')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {data.map((entry) => {
            const reference = Object.hasOwn(AUDIT_RESOURCES, entry.resource)
              ? AUDIT_RESOURCES[entry.resource]!.reference
              : undefined;
            const to = reference ? path(reference, entry.resourceId) : null;
            const name =
              entry.recordName ?? translate(`console.audit.records.${entry.resource}`, { _: entry.resource });
            return (
              <ListItem key={String(entry.id)} disableGutters>
                <ListItemText
                  primary={
                    <>
                      {humanizeName(entry.action ?? entry.type)}:{' '}
                      {to ? (
                        <LinkBase to={to} style={{ color: 'inherit', fontWeight: 500 }}>
                          {name}
                        </LinkBase>
                      ) : (
                        <strong>{name}</strong>
                      )}
                    </>
                  }
                  secondary={`${entry.actor?.name ?? translate('console.audit.system')} · ${formatMoment(entry.time)}`}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Panel>
  );
};

interface TrackedWebsite {
  id: Identifier;
  name: string;
  status: string;
  installation?: { verified?: boolean } | null;
}

/** Whether each active website's tracking script is verified. */
export const TrackingStatus = () => {
  const translate = useTranslate();
  const path = useRecordPath();
  const { data, isPending } = useGetList<TrackedWebsite>('websites', {
    pagination: { page: 1, perPage: 50 },
    sort: { field: 'name', order: 'ASC' },
    filter: { status: 'active' },
  });
  return (
    <Panel title="console.dashboard.tracking" testId="tracking-status">
      {isPending ? (
        <Skeleton height={80} />
      ) : !data?.length ? (
        <Typography variant="body2" color="text.secondary">
          {translate('console.dashboard.noWebsites')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {data.map((website) => (
            <ListItem
              key={String(website.id)}
              disableGutters
              secondaryAction={
                <Chip
                  size="small"
                  color={website.installation?.verified ? 'success' : 'warning'}
                  label={translate(
                    website.installation?.verified
                      ? 'console.dashboard.trackingVerified'
                      : 'console.dashboard.trackingMissing',
                  )}
                />
              }
            >
              <ListItemText
                primary={
                  <LinkBase to={path('websites', website.id) ?? '/websites'} style={{ color: 'inherit' }}>
                    {website.name}
                  </LinkBase>
                }
              />
            </ListItem>
          ))}
        </List>
      )}
    </Panel>
  );
};
