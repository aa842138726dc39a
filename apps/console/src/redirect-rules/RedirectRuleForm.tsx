import { Alert } from '@mui/material';
import { useWatch } from 'react-hook-form';
import {
  DeleteButton,
  Link,
  ReferenceInput,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useDataProvider,
  useGetOne,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
  type SimpleFormProps,
} from 'react-admin';
import type { Website } from '../types';
import { useRecordPath } from '../audit/recordPath';
import { useRedirectTypes, type RedirectRule } from './types';

// The API's own rules and messages (422 answers say the same), checked before saving.
const fromPathRule = (value: unknown) =>
  value && !String(value).trim().startsWith('/') ? 'console.redirects.form.fromPathRule' : undefined;
const toPathRule = (value: unknown, values: Record<string, unknown>) => {
  const text = String(value ?? '').trim();
  if (!text) return undefined;
  if (!text.startsWith('/') && !/^https?:\/\//.test(text)) return 'console.redirects.form.toPathRule';
  if (text === String(values?.fromPath ?? '').trim()) return 'console.redirects.form.itself';
  return undefined;
};

/**
 * Edit only: the new `fromPath` must not be another rule's on the same website. `POST` answers 409
 * for that, but `PUT` does not check it (see the API note in the report): asked here before saving.
 */
const useUniqueFromPath = () => {
  const dataProvider = useDataProvider();
  return async (value: unknown, values: Record<string, unknown>) => {
    const fromPath = String(value ?? '').trim();
    if (!fromPath.startsWith('/') || !values?.websiteId) return undefined;
    const { data } = await dataProvider.getList<RedirectRule>('redirect-rules', {
      filter: { websiteId: values.websiteId, fromPath },
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'createdAt', order: 'ASC' },
    });
    return data.some((rule) => rule.id !== values.id)
      ? { message: 'console.redirects.form.exists', args: { path: fromPath } }
      : undefined;
  };
};

/** The locales of the chosen website; empty means the rule applies to every locale. */
const LocaleInput = () => {
  const websiteId = useWatch({ name: 'websiteId' }) as string | undefined;
  const current = useWatch({ name: 'locale' }) as string | null | undefined;
  const { data: website } = useGetOne<Website>('websites', { id: websiteId ?? '' }, { enabled: Boolean(websiteId) });
  const locales = (website?.locales ?? []).map((l) => l.locale);
  if (current && !locales.includes(current)) locales.push(current);
  return (
    <SelectInput
      source="locale"
      label="resources.redirect-rules.fields.locale"
      choices={locales.map((locale) => ({ id: locale, name: locale }))}
      translateChoice={false}
      emptyText="console.redirects.form.everyLocale"
      helperText="console.redirects.form.localeHelp"
    />
  );
};

/** Automatic rules were made by the workflow: say so, with a link to their post. */
const AutomaticNotice = () => {
  const record = useRecordContext<RedirectRule>();
  const pathOf = useRecordPath();
  const translate = useTranslate();
  if (!record?.automatic) return null;
  const path = pathOf('posts', record.objectId);
  return (
    <Alert severity="info" sx={{ mb: 2, width: '100%', boxSizing: 'border-box' }}>
      {translate('console.redirects.form.automatic')}{' '}
      {path ? <Link to={path}>{translate('console.redirects.form.openPost')}</Link> : null}
    </Alert>
  );
};

/** Save, and in the edit form Delete after a confirmation (pessimistic: the list changes when the API said so). */
const RuleToolbar = ({ edit }: { edit: boolean }) => {
  const record = useRecordContext<RedirectRule>();
  const notify = useNotify();
  const redirect = useRedirect();
  const allowed = record?.allowedActions;
  const may = (action: string) => !Array.isArray(allowed) || allowed.includes(action);
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      {!edit || may('Update') ? (
        <SaveButton label={edit ? 'console.redirects.save' : 'console.redirects.createButton'} />
      ) : (
        <span />
      )}
      {edit && record && may('Delete') ? (
        <DeleteButton
          mutationMode="pessimistic"
          confirmTitle="console.redirects.form.deleteTitle"
          confirmContent="console.redirects.form.deleteText"
          translateOptions={{ from: record.fromPath, to: record.toPath }}
          // Own notification: react-admin shows its default text instead of an untranslated successMessage.
          mutationOptions={{
            onSuccess: () => {
              notify('console.redirects.deleted', { type: 'success' });
              redirect('list', 'redirect-rules');
            },
          }}
        />
      ) : null}
    </Toolbar>
  );
};

export const RedirectRuleForm = ({
  edit = false,
  ...props
}: Omit<SimpleFormProps, 'children'> & { edit?: boolean }) => {
  const uniqueFromPath = useUniqueFromPath();
  const translate = useTranslate();
  const redirectTypes = useRedirectTypes();
  // The inputs show what is wrong; the API's answer (e.g. the 409 "A redirect from /x already exists") is the notification.
  return (
    <SimpleForm toolbar={<RuleToolbar edit={edit} />} sx={{ maxWidth: 640 }} disableInvalidFormNotification {...props}>
      {edit ? <AutomaticNotice /> : null}
      <ReferenceInput source="websiteId" reference="websites" sort={{ field: 'name', order: 'ASC' }}>
        <SelectInput
          optionText="name"
          label="resources.redirect-rules.fields.websiteId"
          validate={required()}
          readOnly={edit}
          helperText={edit ? 'console.redirects.form.websiteHelp' : false}
        />
      </ReferenceInput>
      <TextInput
        source="fromPath"
        validate={edit ? [required(), fromPathRule, uniqueFromPath] : [required(), fromPathRule]}
        placeholder="/old-page"
        helperText="console.redirects.form.fromHelp"
        sx={{ '& input': { fontFamily: 'monospace' } }}
      />
      <TextInput
        source="toPath"
        validate={[required(), toPathRule]}
        placeholder={translate('console.redirects.form.toPlaceholder')}
        helperText="console.redirects.form.toHelp"
        sx={{ '& input': { fontFamily: 'monospace' } }}
      />
      <SelectInput
        source="type"
        choices={redirectTypes.choices}
        validate={required()}
        helperText="console.redirects.form.typeHelp"
      />
      <LocaleInput />
    </SimpleForm>
  );
};
