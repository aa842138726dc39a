import {
  CheckboxGroupInput,
  RadioButtonGroupInput,
  SelectInput,
  type CheckboxGroupInputProps,
  type RadioButtonGroupInputProps,
  type SelectInputProps,
} from 'react-admin';
import { useCroChoices } from './types';

/** Which field's values (`GET /api/{resource}/options` `values`) an input offers, and labels for some of them. */
interface FromApi {
  resource: string;
  valuesOf: string;
  names?: Readonly<Record<string, string>>;
}

/** A select over one field's values as the API lists them (never a copy of the list). */
export const CroSelectInput = ({
  resource,
  valuesOf,
  names,
  ...props
}: Omit<SelectInputProps, 'choices'> & FromApi) => {
  const { choices, isPending } = useCroChoices(resource);
  return <SelectInput {...props} choices={choices(valuesOf, names)} isPending={isPending} />;
};

/** Check boxes over one field's values as the API lists them (devices); `allByDefault`: a new value has every box ticked. */
export const CroCheckboxGroupInput = ({
  resource,
  valuesOf,
  names,
  allByDefault = false,
  ...props
}: Omit<CheckboxGroupInputProps, 'choices'> & FromApi & { allByDefault?: boolean }) => {
  const { choices, isPending } = useCroChoices(resource);
  const listed = choices(valuesOf, names);
  return (
    <CheckboxGroupInput
      {...props}
      {...(allByDefault && listed.length ? { defaultValue: listed.map((c) => c.id) } : {})}
      choices={listed}
      isPending={isPending}
    />
  );
};

/** Radio buttons over one field's values as the API lists them (a page rules' operator). */
export const CroRadioButtonGroupInput = ({
  resource,
  valuesOf,
  names,
  ...props
}: Omit<RadioButtonGroupInputProps, 'choices'> & FromApi) => {
  const { choices, isPending } = useCroChoices(resource);
  return <RadioButtonGroupInput {...props} choices={choices(valuesOf, names)} isPending={isPending} />;
};
