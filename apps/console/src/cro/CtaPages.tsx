import { CroCreate, CroEdit, CroHeader, CreateToolbar, CroToolbar } from './CroPages';
import { CtaForm, prepareCta } from './CtaForm';

/** The CTA actions the console offers as buttons (when `allowedActions` has them); Delete is the toolbar's. */
const CTA_ACTIONS = ['SaveDraft', 'SubmitForReview', 'Publish', 'Restore', 'Duplicate'] as const;

export const CtaEdit = () => <CroEdit prepare={prepareCta} form={<CtaForm edit header={<CroHeader />} toolbar={<CroToolbar actions={CTA_ACTIONS} />} />} />;

export const CtaCreate = () => (
  <CroCreate
    prepare={prepareCta}
    defaults={{ type: 'form', items: [], popup: { triggers: [{ kind: 'page_load' }], frequency: 'until_closed', layout: 'modal', width: 'half', devices: ['desktop', 'tablet', 'mobile'], closeButton: true, backdrop: true } }}
    form={(defaults) => <CtaForm defaultValues={defaults} toolbar={<CreateToolbar />} />}
  />
);
