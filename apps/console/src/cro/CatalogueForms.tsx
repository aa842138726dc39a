import { CroSelectInput } from './CroChoiceInputs';
import { Box } from '@mui/material';
import type { ReactElement } from 'react';
import { useWatch } from 'react-hook-form';
import {
  ArrayInput,
  BooleanInput,
  NumberInput,
  SimpleForm,
  SimpleFormIterator,
  TextArrayInput,
  TextInput,
} from 'react-admin';
import { grid, Section, WebsiteInput } from './inputs';

interface FormProps {
  edit?: boolean;
  toolbar: ReactElement;
  header?: ReactElement;
  defaultValues?: Record<string, unknown>;
}

/** A product the CTAs promote: its texts, its links, its ratings and its price. */
export const ProductForm = ({ edit = false, toolbar, header, defaultValues }: FormProps) => (
  <SimpleForm toolbar={toolbar} defaultValues={defaultValues} sx={{ maxWidth: 900 }} warnWhenUnsavedChanges={false}>
    {header}
    <Box sx={grid}>
      <WebsiteInput edit={edit} />
      <TextInput source="name" label="console.cro.f.productName" />
      <TextInput source="displayName" label="console.cro.f.displayName" />
      <TextInput source="type" label="console.cro.f.productType" />
    </Box>
    <TextInput source="shortDescription" label="console.cro.f.shortDescription" multiline minRows={2} />
    <Section title="console.cro.products.links">
      <Box sx={grid}>
        <TextInput source="primaryCta.url" label="console.cro.f.primaryCtaUrl" placeholder="https://" />
        <TextInput source="primaryCta.text" label="console.cro.f.primaryCtaText" />
        <TextInput source="secondaryCta.url" label="console.cro.f.secondaryCtaUrl" placeholder="https://" />
        <TextInput source="secondaryCta.text" label="console.cro.f.secondaryCtaText" />
        <TextInput source="reviewUrl" label="console.cro.f.reviewUrl" placeholder="https://" />
      </Box>
    </Section>
    <Section title="console.cro.products.ratings">
      <Box sx={grid}>
        <NumberInput source="score" label="console.cro.f.score" min={1} max={10} step={1} />
        <NumberInput source="starRating" label="console.cro.f.starRating" min={1} max={5} step={0.5} />
      </Box>
    </Section>
    <Section title="console.cro.products.pricing">
      <Box sx={grid}>
        <TextInput source="pricing.type" label="console.cro.f.pricingType" />
        <TextInput source="pricing.currency" label="console.cro.f.currency" placeholder="EUR" />
        <NumberInput source="pricing.startingPrice" label="console.cro.f.startingPrice" min={0} />
        <NumberInput source="pricing.trialDays" label="console.cro.f.trialDays" min={0} />
      </Box>
      <BooleanInput source="pricing.freeTrial" label="console.cro.f.freeTrial" />
    </Section>
    <Box sx={grid}>
      <TextArrayInput source="tags" label="console.cro.f.tags" />
      <TextArrayInput source="topics" label="console.cro.f.topics" />
    </Box>
  </SimpleForm>
);

const Currency = () => {
  const type = useWatch({ name: 'type' }) as string | undefined;
  return type === 'value' ? (
    <TextInput
      source="currency"
      label="console.cro.f.currency"
      placeholder="EUR"
      helperText="console.cro.goals.currencyHelp"
    />
  ) : null;
};

/** A conversion goal: which event counts (or whose value is summed), narrowed by filters. */
export const GoalForm = ({ edit = false, toolbar, header, defaultValues }: FormProps) => (
  <SimpleForm toolbar={toolbar} defaultValues={defaultValues} sx={{ maxWidth: 900 }} warnWhenUnsavedChanges={false}>
    {header}
    <Box sx={grid}>
      <WebsiteInput edit={edit} />
      <TextInput source="name" label="console.cro.f.goalName" />
      <CroSelectInput
        resource="goals"
        valuesOf="type"
        source="type"
        label="console.cro.f.goalType"
        helperText="console.cro.goals.typeHelp"
      />
      <TextInput source="event" label="console.cro.f.event" placeholder="form_submitted" />
    </Box>
    <Currency />
    <TextInput source="description" label="console.cro.f.description" multiline minRows={2} />
    <Section title="console.cro.goals.filters" text="console.cro.goals.filtersText">
      <ArrayInput source="filters" label={false}>
        <SimpleFormIterator inline disableReordering>
          <TextInput source="property" label="console.cro.f.property" helperText={false} />
          <CroSelectInput
            resource="goals"
            valuesOf="filterOperator"
            source="operator"
            label="console.cro.f.operator"
            helperText={false}
          />
          <TextInput source="value" label="console.cro.f.filterValue" helperText={false} />
        </SimpleFormIterator>
      </ArrayInput>
    </Section>
  </SimpleForm>
);

/** A URL list: the pages a campaign rule names at once. */
export const UrlListForm = ({ edit = false, toolbar, header, defaultValues }: FormProps) => (
  <SimpleForm toolbar={toolbar} defaultValues={defaultValues} sx={{ maxWidth: 900 }} warnWhenUnsavedChanges={false}>
    {header}
    <Box sx={grid}>
      <WebsiteInput edit={edit} />
      <TextInput source="name" label="console.cro.f.urlListName" />
      <TextInput source="type" label="console.cro.f.listType" />
    </Box>
    <TextInput source="description" label="console.cro.f.description" multiline minRows={2} />
    <Section title="console.cro.url-lists.rules" text="console.cro.url-lists.rulesText">
      <ArrayInput source="rules" label={false}>
        <SimpleFormIterator inline>
          <CroSelectInput
            resource="url-lists"
            valuesOf="ruleKind"
            source="kind"
            label="console.cro.f.ruleKind"
            helperText={false}
          />
          <TextInput
            source="value"
            label="console.cro.f.ruleValue"
            placeholder="https://"
            helperText={false}
            sx={{ minWidth: 360 }}
          />
        </SimpleFormIterator>
      </ArrayInput>
    </Section>
  </SimpleForm>
);
