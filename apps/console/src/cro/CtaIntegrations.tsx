import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { useWorkflowActions } from '../common/useWorkflowActions';
import { useCroChoices, type CroRecord } from './types';

/** A connected integration as the CTA answers it: its kind and hints of its secrets (never the secrets). */
interface Connected {
  kind: string;
  settings: Record<string, string | undefined>;
}

/** The fields each kind asks for (`ConnectIntegration` `settings`), by message key; `choices`: the values the API lists for them. */
const FIELDS: Record<string, Array<{ name: string; label: string; secret?: boolean; choices?: string }>> = {
  webhook: [{ name: 'url', label: 'console.cro.integrations.url' }],
  zapier: [{ name: 'url', label: 'console.cro.integrations.zapierUrl' }],
  hubspot: [
    { name: 'portalId', label: 'console.cro.integrations.portalId' },
    { name: 'formId', label: 'console.cro.integrations.formId' },
  ],
  zoho: [
    { name: 'module', label: 'console.cro.integrations.module', choices: 'zohoModule' },
    { name: 'dataCenter', label: 'console.cro.integrations.dataCenter', choices: 'zohoDataCenter' },
    { name: 'token', label: 'console.cro.integrations.token', secret: true },
  ],
};

/** What a connected integration shows of itself: the hints the API answers. */
const describe = (integration: Connected) =>
  Object.values(integration.settings)
    .filter((value): value is string => typeof value === 'string' && value !== '')
    .join(' · ');

/**
 * A form CTA's integrations (the Settings tab): the connected ones with their hints and a
 * Disconnect button, and Connect (a webhook, Zapier, HubSpot CRM or Zoho CRM) with the fields of
 * that kind, through `POST /api/ctas/{id}/actions/ConnectIntegration` and `DisconnectIntegration`.
 * Secrets are write-only: a webhook's signing secret is shown once, right after connecting; the
 * record and its history answer hints only. Where each submission went is the Submissions tab.
 */
export const CtaIntegrations = () => {
  const record = useRecordContext<CroRecord>();
  const translate = useTranslate();
  const { choices } = useCroChoices('ctas');
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState<string | null>(null);
  const { run, busy } = useWorkflowActions('ctas', record, {
    onDone: (action, data) => {
      if (action === 'ConnectIntegration') {
        setOpen(false);
        if (typeof data.secret === 'string') setSecret(data.secret);
      }
    },
    onRefused: (outcome, action) => {
      if (action !== 'ConnectIntegration') return false;
      setErrors({ ...(outcome.errors ?? {}), ...(outcome.errors ? {} : { form: outcome.message ?? '' }) });
      return true;
    },
  });
  if (!record) return null;
  const connected = (Array.isArray(record.integrations) ? record.integrations : []) as Connected[];
  const allowed = record.allowedActions ?? [];
  // An integration's name: the one the Submissions tab's deliveries use.
  const kindName = (kind: string) => translate(`console.cro.ctas.submissions.targets.${kind}`, { _: kind });
  const kinds = choices('integrationKind')
    .map((c) => ({ ...c, name: kindName(c.id) }))
    .filter((c) => !connected.some((i) => i.kind === c.id));
  const fields = Object.hasOwn(FIELDS, kind) ? FIELDS[kind]! : [];

  const start = () => {
    setKind(kinds[0]?.id ?? '');
    setValues({ module: 'Leads', dataCenter: 'com' });
    setErrors({});
    setOpen(true);
  };
  const connect = () => {
    const settings = Object.fromEntries(
      fields.map((f) => [f.name, (values[f.name] ?? '').trim()]).filter(([, value]) => value !== ''),
    );
    void run('ConnectIntegration', { kind, settings });
  };

  return (
    <Box data-integrations>
      {connected.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('console.cro.integrations.none')}
        </Typography>
      ) : (
        connected.map((integration) => (
          <Box
            key={integration.kind}
            data-integration={integration.kind}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', py: 0.5 }}
          >
            <Typography sx={{ fontWeight: 600 }}>{kindName(integration.kind)}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {describe(integration)}
            </Typography>
            {allowed.includes('DisconnectIntegration') ? (
              <Button
                size="small"
                color="warning"
                disabled={busy}
                onClick={() => void run('DisconnectIntegration', { kind: integration.kind })}
              >
                {translate('console.cro.integrations.disconnect')}
              </Button>
            ) : null}
          </Box>
        ))
      )}
      {allowed.includes('ConnectIntegration') && kinds.length > 0 ? (
        <Button variant="outlined" size="small" sx={{ mt: 1 }} onClick={start} disabled={busy}>
          {translate('console.cro.integrations.connect')}
        </Button>
      ) : null}

      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="cro-connect-title">
        <DialogTitle id="cro-connect-title">{translate('console.cro.integrations.connectTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          <TextField
            select
            label={translate('console.cro.integrations.kind')}
            value={kind}
            onChange={(event) => {
              setKind(event.target.value);
              setErrors({});
            }}
          >
            {kinds.map((choice) => (
              <MenuItem key={choice.id} value={choice.id}>
                {choice.name}
              </MenuItem>
            ))}
          </TextField>
          {fields.map((field) =>
            field.choices ? (
              <TextField
                key={field.name}
                select
                label={translate(field.label)}
                value={values[field.name] ?? ''}
                onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
              >
                {choices(field.choices, {}).map(({ id }) => (
                  <MenuItem key={id} value={id}>
                    {id}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <TextField
                key={field.name}
                label={translate(field.label)}
                type={field.secret ? 'password' : 'text'}
                autoComplete="off"
                value={values[field.name] ?? ''}
                onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
                error={Boolean(errors[`settings.${field.name}`])}
                helperText={errors[`settings.${field.name}`]}
              />
            ),
          )}
          {errors.form || errors.kind || errors.settings ? (
            <Alert severity="error">{errors.form || errors.kind || errors.settings}</Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" onClick={connect} disabled={busy || !kind}>
            {translate('console.cro.integrations.connect')}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={secret !== null} onClose={() => setSecret(null)} aria-labelledby="cro-secret-title">
        <DialogTitle id="cro-secret-title">{translate('console.cro.integrations.secretTitle')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('console.cro.integrations.secretText')}
          </Typography>
          <Typography component="code" data-webhook-secret sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {secret}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setSecret(null)}>
            {translate('console.cro.integrations.secretDone')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
};
