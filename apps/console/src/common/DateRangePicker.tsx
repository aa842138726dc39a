import { Box, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import {
  DATE_INTERVALS,
  DATE_RANGE_PRESETS,
  rangeDays,
  todayIn,
  type DateInterval,
  type DateRangeDays,
  type DateRangePreset,
  type DateRangeValue,
} from './dateRanges';

export type { DateInterval, DateRangeDays, DateRangePreset, DateRangeValue } from './dateRanges';

/**
 * A date range picker: the spec's ranges and a custom one (two days, inclusive), in the website's
 * timezone (`timeZone`: the ranges end on the website's today). With `interval` and
 * `onIntervalChange` it also offers the reports' intervals (hour, day, week, month).
 * `onChange` answers the new choice and the days to send (`from` / `to`, YYYY-MM-DD).
 */
export const DateRangePicker = ({
  value,
  onChange,
  timeZone,
  interval,
  onIntervalChange,
  label = 'console.dateRange.label',
}: {
  value: DateRangeValue;
  onChange: (value: DateRangeValue, days: DateRangeDays) => void;
  timeZone?: string | null;
  interval?: DateInterval;
  onIntervalChange?: (interval: DateInterval) => void;
  label?: string;
}) => {
  const translate = useTranslate();
  const today = todayIn(timeZone);
  const change = (next: DateRangeValue) => onChange(next, rangeDays(next, today));
  const shown = rangeDays(value, today);
  const invalid = value.preset === 'custom' && Boolean(value.from && value.to && value.from > value.to);
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }} data-date-range={value.preset}>
      <TextField
        select
        size="small"
        fullWidth={false}
        label={translate(label)}
        value={value.preset}
        onChange={(event) => {
          const preset = event.target.value as DateRangePreset;
          // A custom range starts from the days the previous choice covered.
          change(
            preset === 'custom' ? { preset, from: shown.from ?? value.from, to: shown.to ?? value.to } : { preset },
          );
        }}
        sx={{ width: 200 }}
        slotProps={{
          select: { MenuProps: { slotProps: { paper: { 'data-date-range-menu': true } as object } } },
          htmlInput: { 'data-date-range-preset': true },
        }}
      >
        {DATE_RANGE_PRESETS.map((preset) => (
          <MenuItem key={preset} value={preset} data-preset={preset}>
            {translate(`console.dateRange.presets.${preset}`)}
          </MenuItem>
        ))}
      </TextField>
      {value.preset === 'custom' ? (
        <>
          <TextField
            type="date"
            size="small"
            fullWidth={false}
            sx={{ width: 170 }}
            label={translate('console.dateRange.from')}
            value={value.from ?? ''}
            onChange={(event) => change({ ...value, from: event.target.value || undefined })}
            error={invalid}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { name: 'from', max: value.to || today } }}
          />
          <TextField
            type="date"
            size="small"
            fullWidth={false}
            sx={{ width: 170 }}
            label={translate('console.dateRange.to')}
            value={value.to ?? ''}
            onChange={(event) => change({ ...value, to: event.target.value || undefined })}
            error={invalid}
            helperText={invalid ? translate('console.dateRange.invalid') : undefined}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { name: 'to', min: value.from || undefined } }}
          />
        </>
      ) : null}
      {interval && onIntervalChange ? (
        <TextField
          select
          size="small"
          fullWidth={false}
          label={translate('console.dateRange.interval')}
          value={interval}
          onChange={(event) => onIntervalChange(event.target.value as DateInterval)}
          sx={{ width: 130 }}
          slotProps={{ htmlInput: { 'data-date-interval': true } }}
        >
          {DATE_INTERVALS.map((id) => (
            <MenuItem key={id} value={id} data-interval={id}>
              {translate(`console.dateRange.intervals.${id}`)}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
    </Box>
  );
};
