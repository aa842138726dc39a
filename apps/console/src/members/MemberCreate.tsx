import { Create, Loading, useGetList, useNotify, useRedirect } from 'react-admin';
import { SaveOnlyToolbar } from '../common/SaveOnlyToolbar';
import type { Member, Website } from '../types';
import { memberDefaults, MemberForm } from './MemberForm';

export const MemberCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  // A manager of exactly one organisation does not have to pick it.
  const {
    data: organisations,
    total,
    isPending,
  } = useGetList('organisations', {
    pagination: { page: 1, perPage: 2 },
    sort: { field: 'name', order: 'ASC' },
  });
  const only = total === 1 ? organisations?.[0] : undefined;
  // Its websites are preselected: members reach only the websites on their membership.
  const { data: websites, isPending: websitesPending } = useGetList<Website>(
    'websites',
    {
      filter: { organisationId: only?.id ?? '-' },
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'name', order: 'ASC' },
    },
    { enabled: Boolean(only) },
  );
  if (isPending || (only && websitesPending)) return <Loading />;
  const defaults = {
    ...memberDefaults,
    ...(only ? { organisationId: only.id, websiteIds: (websites ?? []).map((w) => w.id) } : {}),
  };
  const onSuccess = (data: Member) => {
    notify('console.members.invitationSent', { type: 'success', messageArgs: { email: data.email } });
    redirect('list', 'members');
  };
  return (
    <Create title="console.members.invite" mutationOptions={{ onSuccess }}>
      <MemberForm
        create
        defaultValues={defaults}
        toolbar={<SaveOnlyToolbar label="console.members.sendInvitation" />}
      />
    </Create>
  );
};
