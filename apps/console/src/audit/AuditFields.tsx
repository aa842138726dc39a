import { Box, Typography } from '@mui/material';
import { Link, ReferenceFieldBase, useFieldValue, useRecordContext, useTranslate } from 'react-admin';
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
    return <Typography variant="body2" color="text.secondary">{translate('console.audit.system')}</Typography>;
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
      {record.action ? <Secondary>{record.type}</Secondary> : null}
    </Box>
  );
};

const shortId = (id: string) => (id.length > 12 ? `${id.slice(0, 8)}…` : id);

/** The referenced record's name (its title, name or path), the short id when it is gone. */
const RecordName = ({ field, id }: { field: string; id: string }) => {
  const value = useFieldValue({ source: field });
  return <>{value ? String(value) : shortId(id)}</>;
};

/**
 * The record the event belongs to: its kind, and its name linking to its page (posts, websites,
 * members, questions, ...). Records deleted for good keep their short id.
 */
export const AuditRecordField = (_props: { label?: string }) => {
  const record = useRecordContext<AuditRecord>();
  const pathOf = useRecordPath();
  const translate = useTranslate();
  if (!record) return null;
  const known = AUDIT_RESOURCES[record.resource];
  const fallback = <span title={record.resourceId}>{shortId(record.resourceId)}</span>;
  const name =
    known?.reference && known.text ? (
      <ReferenceFieldBase
        source="resourceId"
        reference={known.reference}
        empty={fallback}
        error={fallback}
        loading={fallback}
      >
        <RecordName field={known.text} id={record.resourceId} />
      </ReferenceFieldBase>
    ) : (
      fallback
    );
  const path = known?.reference ? pathOf(known.reference, record.resourceId) : null;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Secondary>{resourceLabel(record.resource, translate)}</Secondary>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {path ? (
          <Link to={path} aria-label={translate('console.audit.open', { record: resourceLabel(record.resource, translate).toLowerCase(), id: record.resourceId })} data-record-link={record.resourceId}>
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
  if (!record || (!record.from && !record.to)) return <Typography variant="body2" color="text.disabled">—</Typography>;
  const label = (status: string | null) => (status ? (record.resource === 'post' ? statusLabel(status) : humanizeName(status)) : '—');
  return (
    <Typography variant="body2" title={`${record.from ?? '—'} → ${record.to ?? '—'}`} sx={{ whiteSpace: 'nowrap' }}>
      {label(record.from)} → {label(record.to)}
    </Typography>
  );
};

export const NoteField = (_props: { label?: string }) => {
  const record = useRecordContext<AuditRecord>();
  if (!record?.note) return <Typography variant="body2" color="text.disabled">—</Typography>;
  return (
    <Typography variant="body2" sx={{ maxWidth: 320, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
      {record.note}
    </Typography>
  );
};
