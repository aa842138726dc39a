import { SelectInput, type SelectInputProps } from 'react-admin';
import { humanize, toChoices } from '../common/choices';
import { useApiOptions } from '../providers/useApiOptions';

/** `GET /api/members/options`: the roles a member can have and the statuses, as the API names them. */
export interface MemberOptions {
  orgRoles: string[];
  cmsRoles: string[];
  croRoles: string[];
  statuses: { id: string; name: string }[];
}

/**
 * The members' choices from the API (cached for the page's life): roles with readable labels,
 * statuses with the API's labels (capitalised, as choices read). Empty while loading.
 */
export const useMemberChoices = () => {
  const { data } = useApiOptions<MemberOptions>('members');
  return {
    orgRoles: toChoices(data?.orgRoles ?? []),
    cmsRoles: toChoices(data?.cmsRoles ?? []),
    croRoles: toChoices(data?.croRoles ?? []),
    statuses: (data?.statuses ?? []).map((status) => ({ id: status.id, name: humanize(status.name) })),
  };
};

/** The members list's status filter, its choices from the API. */
export const MemberStatusInput = (props: Omit<SelectInputProps, 'choices'>) => {
  const { statuses } = useMemberChoices();
  return <SelectInput {...props} choices={statuses} />;
};

/** The access fields `PUT /api/members/{id}` accepts. */
export const ACCESS_FIELDS = ['orgRole', 'cmsRole', 'croRole', 'websiteIds', 'locales'] as const;
