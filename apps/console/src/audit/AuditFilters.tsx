import { useWatch } from 'react-hook-form';
import { DateInput, SelectInput, useGetList } from 'react-admin';
import { SearchField } from '../common/SearchField';
import type { Member } from '../types';
import { humanizeName, resourceChoices } from './labels';
import { useActionChoices } from './useActionChoices';

/** Who: the organisation's members (`GET /api/members`), by user id (the audit's `actorId`). */
const ActorInput = (props: { source: string; label?: string; alwaysOn?: boolean }) => {
  const { data, isPending } = useGetList<Member>('members', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });
  const seen = new Set<string>();
  const choices = (data ?? [])
    .filter((member) => {
      const key = String(member.userId);
      if (!member.userId || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((member) => ({ id: member.userId, name: member.name || member.email }));
  return <SelectInput {...props} choices={choices} isPending={isPending} emptyText="console.audit.anyone" />;
};

/** What: the commands of every workflow, or of the chosen resource's. */
const ActionInput = (props: { source: string; label?: string; alwaysOn?: boolean }) => {
  const resource = useWatch({ name: 'resource' }) as string | undefined;
  const current = useWatch({ name: props.source }) as string | undefined;
  const choices = useActionChoices(resource);
  // A value chosen before the resource changed stays visible (and removable).
  if (current && !choices.some((choice) => choice.id === current))
    choices.unshift({ id: current, name: humanizeName(current) });
  return <SelectInput {...props} choices={choices} emptyText="console.audit.anyAction" />;
};

/**
 * The audit's filters. The date range is the list helper's `time_gte` / `time_lte` (whole days,
 * both included), so no special query parameter is needed.
 */
export const auditFilters = [
  <SearchField key="q" source="q" alwaysOn placeholder="console.audit.search" />,
  <ActorInput key="actorId" source="actorId" label="resources.audit.fields.actorId" alwaysOn />,
  <ActionInput key="action" source="action" label="resources.audit.fields.action" alwaysOn />,
  <SelectInput
    key="resource"
    source="resource"
    label="resources.audit.fields.resourceType"
    choices={resourceChoices}
    emptyText="console.audit.anyRecord"
    alwaysOn
  />,
  <DateInput key="time_gte" source="time_gte" label="resources.audit.fields.time_gte" alwaysOn />,
  <DateInput key="time_lte" source="time_lte" label="resources.audit.fields.time_lte" alwaysOn />,
];
