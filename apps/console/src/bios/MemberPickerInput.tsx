import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { SelectInput, useGetList, useTranslate, type Identifier, type Validator } from 'react-admin';
import type { Member } from '../types';

/**
 * Picks an active member of an organisation by their user id (`GET /api/members`, accepted ones).
 * A value the list does not hold (a member the viewer may not list) still shows, by `fallbackName`.
 */
export const MemberPickerInput = ({
  source,
  label,
  organisationId,
  helperText,
  readOnly,
  validate,
  fallbackName,
  emptyText = 'console.bios.form.nobody',
  onPick,
}: {
  source: string;
  label: string;
  organisationId?: Identifier | null;
  helperText?: string | false;
  readOnly?: boolean;
  validate?: Validator | Validator[];
  fallbackName?: string | null;
  emptyText?: string;
  /** Called with the member chosen (not when emptied). */
  onPick?: (member: { id: string; name: string }) => void;
}) => {
  const value = useWatch({ name: source }) as Identifier | null | undefined;
  const translate = useTranslate();
  const { data, isPending } = useGetList<Member>(
    'members',
    {
      pagination: { page: 1, perPage: 200 },
      sort: { field: 'name', order: 'ASC' },
      filter: { status: 'accepted', ...(organisationId ? { organisationId } : {}) },
    },
    { retry: false },
  );
  const choices = useMemo(() => {
    const members = (data ?? []).filter((m) => m.userId).map((m) => ({ id: String(m.userId), name: m.name }));
    if (value && !members.some((m) => m.id === String(value)))
      members.unshift({ id: String(value), name: fallbackName || translate('console.bios.form.thisMember') });
    return members;
  }, [data, value, fallbackName, translate]);
  return (
    <SelectInput
      source={source}
      label={label}
      choices={choices}
      translateChoice={false}
      isPending={isPending && !value}
      emptyText={emptyText}
      helperText={helperText}
      readOnly={readOnly}
      validate={validate}
      onChange={(event: { target?: { value?: unknown } }) => {
        const picked = choices.find((c) => c.id === String(event?.target?.value ?? ''));
        if (picked) onPick?.(picked);
      }}
    />
  );
};
