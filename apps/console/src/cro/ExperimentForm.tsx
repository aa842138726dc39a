import { CroCheckboxGroupInput, CroSelectInput } from './CroChoiceInputs';
import { Box, Button, Slider, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  ArrayInput,
  DateInput,
  NumberInput,
  SimpleForm,
  SimpleFormIterator,
  TextArrayInput,
  TextInput,
  useTranslate,
} from 'react-admin';
import { grid, SameWebsiteInput, Section, WebsiteInput } from './inputs';
import { TEST_TYPE_NAMES } from './types';
import { evenWeights, rebalance } from './weights';

interface Variant {
  key?: string;
  name?: string;
  weight?: number;
}

/** One slider per variant; moving one spreads the difference over the others (the sum stays 100). */
const WeightSliders = () => {
  const variants = (useWatch({ name: 'variants' }) as Variant[] | undefined) ?? [];
  const { setValue } = useFormContext();
  const translate = useTranslate();
  const weights = variants.map((variant) => Number(variant?.weight) || 0);
  const sum = weights.reduce((total, weight) => total + weight, 0);
  const apply = (next: number[]) =>
    next.forEach((weight, i) => setValue(`variants.${i}.weight`, weight, { shouldDirty: true }));
  if (variants.length === 0) return null;
  return (
    <Box sx={{ width: '100%', maxWidth: 640 }} data-weights data-weight-sum={sum}>
      {variants.map((variant, index) => (
        <Box key={index} sx={{ display: 'grid', gridTemplateColumns: '160px 1fr 56px', alignItems: 'center', gap: 2 }}>
          <Typography variant="body2" noWrap>
            {variant?.name || variant?.key || translate('console.cro.experiments.variantN', { n: index + 1 })}
          </Typography>
          <Slider
            value={weights[index] ?? 0}
            min={0}
            max={100}
            step={1}
            onChange={(_event, value) => apply(rebalance(weights, index, value as number))}
            slotProps={{
              input: {
                'aria-label': translate('console.cro.experiments.weightOf', {
                  name: variant?.name || variant?.key || index + 1,
                }),
              },
            }}
            data-weight-slider={index}
          />
          <Typography
            variant="body2"
            sx={{ fontVariantNumeric: 'tabular-nums', textAlign: 'right' }}
            data-weight={index}
          >
            {weights[index] ?? 0} %
          </Typography>
        </Box>
      ))}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Typography variant="body2" color={sum === 100 ? 'text.secondary' : 'error'} data-weight-total>
          {translate('console.cro.experiments.total', { sum })}
        </Typography>
        <Button size="small" onClick={() => apply(evenWeights(variants.length))}>
          {translate('console.cro.experiments.even')}
        </Button>
      </Box>
    </Box>
  );
};

/** End rule thresholds: none for a manual end. */
const EndRule = () => {
  const mode = useWatch({ name: 'endRule.mode' }) as string | undefined;
  return (
    <>
      <CroSelectInput
        resource="experiments"
        valuesOf="endRuleMode"
        source="endRule.mode"
        label="console.cro.f.endMode"
      />
      {mode && mode !== 'manual' ? (
        <Box sx={grid}>
          <NumberInput source="endRule.visitors" label="console.cro.f.visitors" min={1} />
          <NumberInput source="endRule.conversionsPerVariant" label="console.cro.f.conversionsPerVariant" min={1} />
          <DateInput source="endRule.date" label="console.cro.f.endDate" />
          <NumberInput
            source="endRule.significance"
            label="console.cro.f.significance"
            min={0.5}
            max={0.999}
            step={0.01}
          />
        </Box>
      ) : null}
    </>
  );
};

/** An experiment: the test, its variants and their traffic split, how it ends, and who takes part. */
export const ExperimentForm = ({
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
  <SimpleForm toolbar={toolbar} defaultValues={defaultValues} sx={{ maxWidth: 900 }} warnWhenUnsavedChanges={false}>
    {header}
    <Box sx={grid}>
      <WebsiteInput edit={edit} />
      <TextInput source="name" label="console.cro.fields.name" />
      <TextInput source="pageUrl" label="console.cro.f.pageUrl" placeholder="https://" />
      <CroSelectInput
        resource="experiments"
        valuesOf="testType"
        names={TEST_TYPE_NAMES}
        source="testType"
        label="console.cro.f.testType"
      />
      <SameWebsiteInput source="goalId" reference="goals" label="console.cro.f.goalId" />
      <TextInput source="metric" label="console.cro.f.metric" />
    </Box>
    <TextInput source="hypothesis" label="console.cro.f.hypothesis" multiline minRows={2} />
    <Section title="console.cro.experiments.variants" text="console.cro.experiments.variantsText">
      <ArrayInput source="variants" label={false}>
        <SimpleFormIterator inline disableReordering>
          <TextInput source="key" label="console.cro.f.variantKey" helperText={false} />
          <TextInput source="name" label="console.cro.f.variantName" helperText={false} />
        </SimpleFormIterator>
      </ArrayInput>
      <WeightSliders />
    </Section>
    <Section title="console.cro.experiments.endRule" text="console.cro.experiments.endRuleText">
      <EndRule />
    </Section>
    <Section title="console.cro.experiments.traffic">
      <CroCheckboxGroupInput
        resource="experiments"
        valuesOf="device"
        source="trafficRules.devices"
        label="console.cro.f.devices"
      />
      <Box sx={grid}>
        <NumberInput source="trafficRules.visitorsPct" label="console.cro.f.visitorsPct" min={0} max={100} />
        <TextArrayInput source="trafficRules.countries" label="console.cro.f.countries" />
      </Box>
    </Section>
  </SimpleForm>
);

/** New variants get a weight (0) so the sliders can move them; a manual end has no thresholds. */
export const prepareExperiment = (data: Record<string, unknown>) => {
  const out = { ...data };
  if (Array.isArray(out.variants))
    out.variants = (out.variants as Variant[]).map((variant) => ({ ...variant, weight: Number(variant?.weight) || 0 }));
  const endRule = out.endRule as { mode?: string } | undefined;
  if (endRule?.mode === 'manual') out.endRule = { mode: 'manual' };
  return out;
};
