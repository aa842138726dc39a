import { CtaIntegrations } from './CtaIntegrations';
import { CroCheckboxGroupInput, CroSelectInput } from './CroChoiceInputs';
import { CtaSubmissions } from './CtaSubmissions';
import { Alert, Box, CardContent } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useWatch } from 'react-hook-form';
import {
  ArrayInput,
  BooleanInput,
  ReferenceArrayInput,
  SelectArrayInput,
  SimpleFormIterator,
  FormDataConsumer,
  TabbedForm,
  TabbedFormTabs,
  TextArrayInput,
  TextInput,
  useTranslate,
} from 'react-admin';
import { CtaPreview } from './CtaPreview';
import { grid, Section, WebsiteInput } from './inputs';

const MAX_PRODUCTS = 3;
/** The item types a visitor types into, which show a placeholder (the tracker's inputs and dropdown). */
const TEXT_INPUTS = ['short_text', 'email', 'phone', 'url', 'date', 'country', 'dropdown', 'numbers'];
const atMostThree = (value: unknown) =>
  Array.isArray(value) && value.length > MAX_PRODUCTS ? 'console.cro.ctas.maxProducts' : undefined;
const tab = { sx: { maxWidth: 900 } };
/**
 * An item in two lines (the form column is narrower beside the preview): its type and label, then
 * its field name, whether it is required, and its options. One column on a phone.
 */
const span = (n: number) => ({ gridColumn: { xs: 'auto', sm: `span ${n}` } });
const itemRows = {
  '& .RaSimpleFormIterator-form': {
    display: 'grid',
    gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(6, minmax(0, 1fr))' },
    columnGap: '16px',
    alignItems: 'center',
    pt: 1,
    // Each input as wide as its cell (a select would keep its own minimum width and overlap the next).
    '& > *': { minWidth: 0, width: '100%' },
    '& > :nth-child(1)': span(2),
    '& > :nth-child(2)': span(4),
    '& > :nth-child(3)': span(2),
    '& > :nth-child(4)': span(2),
    '& > :nth-child(5)': span(2),
  },
} as const;

/** The popup's targeting: shown for popups, said to be for popups otherwise. */
const Targeting = () => {
  const type = useWatch({ name: 'type' }) as string | undefined;
  const translate = useTranslate();
  if (type !== 'popup') return <Alert severity="info">{translate('console.cro.ctas.popupOnly')}</Alert>;
  return (
    <>
      <Section title="console.cro.ctas.triggers" text="console.cro.ctas.triggersText">
        <ArrayInput source="popup.triggers" label={false}>
          <SimpleFormIterator inline disableReordering>
            <CroSelectInput resource="ctas" valuesOf="triggerKind" source="kind" label="console.cro.f.triggerKind" />
            <TextInput source="value" label="console.cro.f.triggerValue" helperText={false} />
          </SimpleFormIterator>
        </ArrayInput>
      </Section>
      <Section title="console.cro.ctas.display">
        <Box sx={grid}>
          <CroSelectInput
            resource="ctas"
            valuesOf="frequency"
            source="popup.frequency"
            label="console.cro.f.frequency"
          />
          <CroSelectInput resource="ctas" valuesOf="layout" source="popup.layout" label="console.cro.f.layout" />
          <TextInput
            source="popup.position"
            label="console.cro.f.position"
            helperText="console.cro.ctas.positionHelp"
          />
          <CroSelectInput resource="ctas" valuesOf="width" source="popup.width" label="console.cro.f.width" />
        </Box>
        <CroCheckboxGroupInput resource="ctas" valuesOf="device" source="popup.devices" label="console.cro.f.devices" />
        <BooleanInput source="popup.closeButton" label="console.cro.f.closeButton" />
        <BooleanInput source="popup.backdrop" label="console.cro.f.backdrop" />
      </Section>
    </>
  );
};

/** The products a CTA promotes: of its website, at most three. */
const ProductsInput = () => {
  const websiteId = useWatch({ name: 'websiteId' }) as string | undefined;
  return (
    <ReferenceArrayInput
      source="productIds"
      reference="products"
      filter={websiteId ? { websiteId } : {}}
      sort={{ field: 'name', order: 'ASC' }}
    >
      <SelectArrayInput
        optionText="name"
        label="console.cro.f.productIds"
        validate={atMostThree}
        helperText="console.cro.ctas.productsHelp"
      />
    </ReferenceArrayInput>
  );
};

/** From this width of the form's card the preview stands beside the tabs (sticky); below it, under them (phones). */
const SIDE_BY_SIDE = '@container cta-form (min-width: 880px)';

/**
 * The tabs' content with the live preview: beside it on a wide card, below it on a narrow one
 * (a container query on the card, so the history beside the card is accounted for). Not on the
 * Submissions tab, which is about what visitors sent.
 */
const WithPreview = ({ children }: { children?: ReactNode }) => {
  const { pathname } = useLocation();
  const submissions = pathname.endsWith('/submissions');
  return (
    <CardContent sx={{ containerType: 'inline-size', containerName: 'cta-form' }}>
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          gap: 3,
          [SIDE_BY_SIDE]: { flexDirection: 'row', alignItems: 'flex-start' },
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
        {submissions ? null : (
          <Box
            sx={{
              width: '100%',
              [SIDE_BY_SIDE]: { width: '42%', maxWidth: 520, flexShrink: 0, position: 'sticky', top: 72 },
            }}
          >
            <CtaPreview prepare={prepareCta} />
          </Box>
        )}
      </Box>
    </CardContent>
  );
};

/**
 * A CTA in four tabs: Build (what it is and its items), Design (colours and texts), Targeting
 * (a popup's triggers and display), Settings (lazy load, email notification, products, CRM mapping);
 * beside them, the live preview (CtaPreview).
 */
export const CtaForm = ({
  edit = false,
  toolbar,
  header,
  defaultValues,
}: {
  edit?: boolean;
  toolbar: ReactElement;
  header?: ReactElement;
  defaultValues?: Record<string, unknown>;
}) => (
  <TabbedForm
    toolbar={toolbar}
    defaultValues={defaultValues}
    warnWhenUnsavedChanges={false}
    component={WithPreview}
    // On a phone the tabs scroll sideways instead of widening the page.
    tabs={<TabbedFormTabs variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile />}
  >
    <TabbedForm.Tab label="console.cro.ctas.build" {...tab}>
      {header}
      <Box sx={grid}>
        <WebsiteInput edit={edit} />
        <TextInput source="name" label="console.cro.fields.name" autoFocus={!edit} />
        <CroSelectInput resource="ctas" valuesOf="type" source="type" label="console.cro.fields.type" />
        <TextInput source="subtype" label="console.cro.f.subtype" helperText="console.cro.ctas.subtypeHelp" />
      </Box>
      <Section title="console.cro.ctas.items" text="console.cro.ctas.itemsText">
        <ArrayInput source="items" label={false}>
          <SimpleFormIterator inline fullWidth sx={itemRows}>
            <CroSelectInput
              resource="ctas"
              valuesOf="itemType"
              source="type"
              label="console.cro.f.itemType"
              helperText={false}
            />
            <TextInput source="label" label="console.cro.f.itemLabel" helperText={false} />
            <TextInput source="name" label="console.cro.f.itemName" helperText={false} />
            <BooleanInput source="required" label="console.cro.f.required" helperText={false} />
            <TextArrayInput source="options" label="console.cro.f.options" helperText={false} />
            {/* A button's link, an input's placeholder: the fields of that item's type only. */}
            <FormDataConsumer<{ type?: string }>>
              {({ scopedFormData }) =>
                scopedFormData?.type === 'button' ? (
                  <TextInput source="url" label="console.cro.f.itemUrl" placeholder="https://" helperText={false} />
                ) : TEXT_INPUTS.includes(scopedFormData?.type ?? '') ? (
                  <TextInput source="placeholder" label="console.cro.f.itemPlaceholder" helperText={false} />
                ) : null
              }
            </FormDataConsumer>
          </SimpleFormIterator>
        </ArrayInput>
      </Section>
    </TabbedForm.Tab>
    <TabbedForm.Tab label="console.cro.ctas.design" path="design" {...tab}>
      <Section title="console.cro.ctas.colours">
        <Box sx={grid}>
          <TextInput source="design.backgroundColor" label="console.cro.f.backgroundColor" placeholder="#ffffff" />
          <TextInput source="design.textColor" label="console.cro.f.textColor" placeholder="#1a1a1a" />
          <TextInput source="design.buttonColor" label="console.cro.f.buttonColor" placeholder="#2e7d32" />
          <TextInput source="design.buttonTextColor" label="console.cro.f.buttonTextColor" placeholder="#ffffff" />
        </Box>
      </Section>
      <Section title="console.cro.ctas.texts">
        <TextInput source="design.headline" label="console.cro.f.headline" />
        <TextInput source="design.text" label="console.cro.f.designText" multiline minRows={2} />
        <TextInput source="design.buttonText" label="console.cro.f.buttonText" />
      </Section>
    </TabbedForm.Tab>
    <TabbedForm.Tab label="console.cro.ctas.targeting" path="targeting" {...tab}>
      <Targeting />
    </TabbedForm.Tab>
    <TabbedForm.Tab label="console.cro.ctas.settings" path="settings" {...tab}>
      <BooleanInput source="lazyLoad" label="console.cro.f.lazyLoad" helperText="console.cro.ctas.lazyLoadHelp" />
      <Section title="console.cro.ctas.email" text="console.cro.ctas.emailText">
        <TextArrayInput source="emailNotification.recipients" label="console.cro.f.recipients" />
        <Box sx={grid}>
          <TextInput source="emailNotification.senderName" label="console.cro.f.senderName" />
          <TextInput source="emailNotification.senderEmail" label="console.cro.f.senderEmail" />
        </Box>
        <TextInput source="emailNotification.subject" label="console.cro.f.subject" />
        <TextInput source="emailNotification.message" label="console.cro.f.message" multiline minRows={2} />
      </Section>
      <Section title="console.cro.ctas.products">
        <ProductsInput />
      </Section>
      {edit ? (
        <Section title="console.cro.integrations.title" text="console.cro.integrations.text">
          <CtaIntegrations />
        </Section>
      ) : null}
      <Section title="console.cro.ctas.crm" text="console.cro.ctas.crmText">
        <ArrayInput source="crmMapping" label={false}>
          <SimpleFormIterator inline disableReordering>
            <TextInput source="field" label="console.cro.f.field" helperText={false} />
            <TextInput source="crmField" label="console.cro.f.crmField" helperText={false} />
          </SimpleFormIterator>
        </ArrayInput>
      </Section>
    </TabbedForm.Tab>
    {edit ? (
      <TabbedForm.Tab label="console.cro.ctas.submissions.tab" path="submissions" {...tab}>
        <CtaSubmissions />
      </TabbedForm.Tab>
    ) : null}
  </TabbedForm>
);

/**
 * What the API takes of the form: a popup's settings only for popups, an email notification only
 * with recipients, numbers of triggers as numbers, items' `required` only when on.
 */
export const prepareCta = (data: Record<string, unknown>) => {
  const out = { ...data };
  if (out.type !== 'popup') delete out.popup;
  else if (out.popup && typeof out.popup === 'object') {
    const popup = out.popup as { triggers?: { kind?: string; value?: unknown }[] };
    out.popup = {
      ...popup,
      triggers: (popup.triggers ?? []).map((trigger) => {
        const value =
          typeof trigger.value === 'string' && /^\d+(\.\d+)?$/.test(trigger.value.trim())
            ? Number(trigger.value)
            : trigger.value;
        return { ...trigger, value };
      }),
    };
  }
  // An item's "Required" switch off is said by leaving it out (as the templates do): a heading or a button has none.
  if (Array.isArray(out.items)) {
    out.items = out.items.map((item: unknown) => {
      if (!item || typeof item !== 'object' || (item as { required?: unknown }).required !== false) return item;
      const { required: _required, ...rest } = item as Record<string, unknown>;
      return rest;
    });
  }
  const email = out.emailNotification as { recipients?: unknown[] } | null | undefined;
  if (!email || !Array.isArray(email.recipients) || email.recipients.length === 0) out.emailNotification = null;
  return out;
};
