import { Box, Typography } from '@mui/material';
import { Link, useRecordContext, useTranslate } from 'react-admin';
import { usePostStatusLabel } from '../posts/labels';
import type { AuditRecord } from './types';
import { AUDIT_RESOURCES, humanizeName, resourceLabel } from './labels';
import { useRecordPath } from './recordPath';

const Secondary = ({ children, title }: { children: string; title?: string }) => (
  <Typography variant="caption" component="div" color="text.secondary" title={title} sx={{ lineHeight: 1.3 }}>
    {children}
  </Typography>
);

/** Who: the actor's name, their email below; events without an actor were the system's. */
export const ActorField = (_props: { label?: string }) => {
  const record = useRecordContext<AuditRecord>();
  const translate = useTranslate();
  if (!record) return null;
  // No actor, or the platform's own (automatic moves, seeding): the system.
  if (!record.actor || (!record.actor.name && !record.actor.email)) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('console.audit.system')}
      </Typography>
    );
  }
  return (
    <Box>
      <Typography variant="body2">{record.actor.name ?? record.actor.email ?? String(record.actor.id)}</Typography>
      {record.actor.email && record.actor.name ? <Secondary>{record.actor.email}</Secondary> : null}
    </Box>
  );
};

/** The action in words, the event type below (the raw command name as tooltip). */
export const ActionField = (_props: { label?: string }) => {
  const record = useRecordContext<AuditRecord>();
  if (!record) return null;
  return (
    <Box data-action={record.action ?? ''}>
      <Typography variant="body2" title={record.action ?? undefined}>
        {record.action ? humanizeName(record.action) : humanizeName(record.type)}
      </Typography>
    </Box>
  );
};

/**
 * The record the event belongs to: its kind, and its name (the audit's own: a post's title, a
 * website's name, a member's name, a domain...) linking to its page. A record that never had a
 * name says so in words, never by its id.
 */
export const AuditRecordField = (_props: { label?: string }) => {
  const record = useRecordContext<AuditRecord>();
  const pathOf = useRecordPath();
  const translate = useTranslate();
  if (!record) return null;
  const known = AUDIT_RESOURCES[record.resource];
  const kind = resourceLabel(record.resource, translate);
  const name = record.recordName || translate('console.audit.unnamed', { record: kind.toLowerCase() });
  const path = known?.reference ? pathOf(known.reference, record.resourceId) : null;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Secondary>{kind}</Secondary>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'break-word' }}>
        {path ? (
          <Link
            to={path}
            aria-label={translate('console.audit.open', { record: kind.toLowerCase(), id: name })}
            data-record-link={record.resourceId}
          >
            {name}
          </Link>
        ) : (
          name
        )}
      </Typography>
    </Box>
  );
};

/** The workflow move, `Writing → Edit`, with the raw statuses as tooltip. */
export const MoveField = (_props: { label?: string }) => {
  const record = useRecordContext<AuditRecord>();
  const statusLabel = usePostStatusLabel();
  if (!record || (!record.from && !record.to))
    return (
      <Typography variant="body2" color="text.disabled">
        —
      </Typography>
    );
  const label = (status: string | null) =>
    status ? (record.resource === 'post' ? statusLabel(status) : humanizeName(status)) : '—';
  return (
    <Typography variant="body2" title={`${record.from ?? '—'} → ${record.to ?? '—'}`} sx={{ whiteSpace: 'nowrap' }}>
      {label(record.from)} → {label(record.to)}
    </Typography>
  );
};

export const NoteField = (_props: { label?: string }) => {
  const record = useRecordContext<AuditRecord>();
  if (!record?.note)
    return (
      <Typography variant="body2" color="text.disabled">
        —
      </Typography>
    );
  return (
    <Typography variant="body2" sx={{ maxWidth: 320, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
      {record.note}
    </Typography>
  );
};
