import { Edit, useNotify, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import { notifyApiError } from './errors';
import { RedirectRuleForm } from './RedirectRuleForm';
import type { RedirectRule } from './types';

const RuleTitle = () => {
  const record = useRecordContext<RedirectRule>();
  const translate = useTranslate();
  return (
    <>
      {record
        ? translate('console.redirects.title', { path: record.fromPath })
        : translate('console.redirects.titleEmpty')}
    </>
  );
};

/** What `PUT /api/redirect-rules/{id}` takes; `version` is the expected version (409 when stale). */
const toUpdate = (data: Record<string, unknown>) => ({
  fromPath: String(data.fromPath ?? '').trim(),
  toPath: String(data.toPath ?? '').trim(),
  type: data.type,
  locale: data.locale ? data.locale : null,
  version: data.version,
});

// Pessimistic: the PUT leaves at once and the API's field errors show under the inputs.
export const RedirectRuleEdit = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      title={<RuleTitle />}
      mutationMode="pessimistic"
      transform={toUpdate}
      mutationOptions={{
        onSuccess: () => {
          notify('console.redirects.saved', { type: 'success' });
          redirect('list', 'redirect-rules');
        },
        onError: notifyApiError(notify),
      }}
      actions={false}
    >
      <RedirectRuleForm edit />
    </Edit>
  );
};
