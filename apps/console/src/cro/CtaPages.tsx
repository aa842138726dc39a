import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { Alert, Button } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { CroCreate, CroEdit, CroHeader, CreateToolbar, CroToolbar } from './CroPages';
import { CtaForm, prepareCta } from './CtaForm';
import { CtaTemplatePicker, type CtaTemplateRecord } from './CtaTemplatePicker';

/**
 * CTA actions that are not toolbar buttons: connecting and disconnecting an integration are the
 * Settings tab's (CtaIntegrations.tsx, with their settings), and deleting a deleted CTA for good is
 * left to the API.
 */
const NOT_ON_THE_PAGE = ['ConnectIntegration', 'DisconnectIntegration', 'DeletePermanently'];

export const CtaEdit = () => (
  <CroEdit
    prepare={prepareCta}
    form={<CtaForm edit header={<CroHeader />} toolbar={<CroToolbar except={NOT_ON_THE_PAGE} />} />}
  />
);

/** A new CTA's popup settings (used when its type is Popup). */
const DEFAULT_POPUP = {
  triggers: [{ kind: 'page_load' }],
  frequency: 'until_closed',
  layout: 'modal',
  width: 'half',
  devices: ['desktop', 'tablet', 'mobile'],
  closeButton: true,
  backdrop: true,
};
const BLANK = { type: 'form', items: [], popup: DEFAULT_POPUP };

/** The create form's values from a template: everything but the name and the website. */
export const fromTemplate = (picked: CtaTemplateRecord | null): Record<string, unknown> => {
  if (!picked) return BLANK;
  const t = structuredClone(picked.template);
  return {
    type: t.type,
    ...(t.subtype ? { subtype: t.subtype } : {}),
    items: Array.isArray(t.items) ? t.items : [],
    ...(t.design ? { design: t.design } : {}),
    popup: t.popup ? { ...DEFAULT_POPUP, ...t.popup } : DEFAULT_POPUP,
  };
};

/** Above the create form: which template it started from, and the way back to the picker. */
const StartedFrom = ({ picked, onChange }: { picked: CtaTemplateRecord | null; onChange: () => void }) => {
  const translate = useTranslate();
  return (
    <Alert
      severity="info"
      icon={false}
      sx={{ width: '100%', mb: 2, alignItems: 'center' }}
      data-started-from={picked?.id ?? 'blank'}
      action={
        <Button color="inherit" size="small" startIcon={<SwapHorizIcon />} onClick={onChange}>
          {translate('console.cro.ctas.templates.change')}
        </Button>
      }
    >
      {picked
        ? translate('console.cro.ctas.templates.startedFrom', { name: picked.name })
        : translate('console.cro.ctas.templates.startedBlank')}
    </Alert>
  );
};

/** A new CTA: first a template (or Blank), then the form filled from it; the user names it and picks the website. */
export const CtaCreate = () => {
  const [picked, setPicked] = useState<{ template: CtaTemplateRecord | null } | null>(null);
  if (!picked) return <CtaTemplatePicker onPick={(template) => setPicked({ template })} />;
  return (
    <CroCreate
      prepare={prepareCta}
      defaults={fromTemplate(picked.template)}
      form={(defaults) => (
        <CtaForm
          defaultValues={defaults}
          header={<StartedFrom picked={picked.template} onChange={() => setPicked(null)} />}
          toolbar={<CreateToolbar />}
        />
      )}
    />
  );
};
