/** `[{ id, name }]` choices for a SelectInput, with readable labels for snake_case values. */
export const toChoices = (values: readonly string[]) => values.map((value) => ({ id: value, name: humanize(value) }));

export const humanize = (value: string): string => {
  if (/^[A-Z0-9]+$/.test(value)) return value; // B2B, EUR
  const text = value.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

let timezones: string[] | null = null;

/** IANA time zones known to the browser, `UTC` first. */
export const timezoneChoices = () => {
  if (!timezones) {
    let zones: string[] = [];
    try {
      zones = Intl.supportedValuesOf('timeZone');
    } catch {
      zones = [];
    }
    timezones = ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
  }
  return timezones.map((zone) => ({ id: zone, name: zone }));
};

/** Validators answer message keys: react-admin translates an input's error. */
export const isoCountry = (value: unknown) =>
  value == null || value === '' || /^[A-Z]{2}$/.test(String(value))
    ? undefined
    : 'console.common.validation.isoCountry';

export const httpUrl = (value: unknown) =>
  value == null || value === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(String(value))
    ? undefined
    : 'console.common.validation.httpUrl';
