import { Create, Loading, useGetList, useNotify, useRedirect } from 'react-admin';
import type { Website } from '../types';
import { notifyApiError } from './errors';
import { RedirectRuleForm } from './RedirectRuleForm';

/** Only the fields `POST /api/redirect-rules` takes; an empty locale means every locale. */
const toCreate = (data: Record<string, unknown>) => ({
  websiteId: data.websiteId,
  fromPath: String(data.fromPath ?? '').trim(),
  toPath: String(data.toPath ?? '').trim(),
  type: data.type ?? 301,
  ...(data.locale ? { locale: data.locale } : {}),
});

export const RedirectRuleCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  // A user with one website does not have to pick it.
  const {
    data: websites,
    total,
    isPending,
  } = useGetList<Website>('websites', {
    pagination: { page: 1, perPage: 2 },
    sort: { field: 'name', order: 'ASC' },
  });
  if (isPending) return <Loading />;
  const only = total === 1 ? websites?.[0] : undefined;
  return (
    <Create
      title="console.redirects.create"
      transform={toCreate}
      mutationOptions={{
        onSuccess: () => {
          notify('console.redirects.created', { type: 'success' });
          redirect('list', 'redirect-rules');
        },
        onError: notifyApiError(notify),
      }}
    >
      <RedirectRuleForm defaultValues={{ type: 301, ...(only ? { websiteId: only.id } : {}) }} />
    </Create>
  );
};
