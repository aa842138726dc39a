import { AutocompleteInput, useRecordContext, type AutocompleteInputProps } from 'react-admin';
import { timezoneChoices } from './choices';

/** An IANA time zone picker; keeps a stored value the browser does not list. */
export const TimezoneInput = (props: Omit<AutocompleteInputProps, 'choices'>) => {
  const record = useRecordContext();
  const current = record?.[props.source ?? 'timezone'];
  const choices = timezoneChoices();
  const all =
    typeof current === 'string' && current && !choices.some((choice) => choice.id === current)
      ? [{ id: current, name: current }, ...choices]
      : choices;
  return <AutocompleteInput source="timezone" label="console.common.timeZone" {...props} choices={all} />;
};
