/**
 * The order of a form submission's fields. The visitor's fields are stored as JSON (PostgreSQL's
 * jsonb keeps no key order), so every place that shows them (the list, the mail, the integrations,
 * the CSV export) puts them in the form's order: the names of the CTA's items as they appear in
 * the form, then any other name in code-point order.
 */
export function orderedFields(
  fields: Record<string, string>,
  items: readonly { name?: string | null }[] | null | undefined,
): Record<string, string> {
  const formOrder = (items ?? [])
    .map((item) => item.name)
    .filter((name): name is string => typeof name === 'string' && name !== '');
  const names = Object.keys(fields);
  const inForm = [...new Set(formOrder)].filter((name) => Object.hasOwn(fields, name));
  const others = names.filter((name) => !inForm.includes(name)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const ordered: Record<string, string> = {};
  for (const name of [...inForm, ...others]) ordered[name] = fields[name]!;
  return ordered;
}

/**
 * Item types the tracker renders as form inputs (apps/tracker/src/render.ts), with the aliases an
 * editor might send: only these give a submission a field.
 */
export const FORM_INPUT_KINDS: ReadonlySet<string> = new Set([
  'short_text',
  'text',
  'long_text',
  'textarea',
  'email',
  'url',
  'phone',
  'tel',
  'date',
  'hidden',
  'checkbox',
  'consent',
  'dropdown',
  'select',
  'country',
  'numbers',
  'number',
]);

/** An item's type as the tracker reads it: lower case, spaces and dashes as `_`. */
export const itemKind = (type: unknown) => (typeof type === 'string' ? type : '').toLowerCase().replace(/[\s-]+/g, '_');

/**
 * The field name the tracker gives the input of item number `index` (0-based) of a CTA: its
 * `name`, else its label in lower case with runs of other characters as `_`, at most 64
 * characters; `field_{index + 1}` when that is empty or a name the collect route refuses.
 */
export function formFieldName(item: { name?: unknown; label?: unknown }, index: number): string {
  const label = typeof item.label === 'string' ? item.label : '';
  const given =
    typeof item.name === 'string' && item.name !== ''
      ? item.name
      : label
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '_')
          .replace(/^_|_$/g, '');
  const name = given.slice(0, 64);
  return !name || name === '__proto__' || name === 'constructor' || name === 'prototype' ? `field_${index + 1}` : name;
}

/** The names of a CTA's form fields, in the form's order (its input items'). */
export function formFieldNames(
  items: readonly { type?: unknown; name?: unknown; label?: unknown }[] | null | undefined,
): string[] {
  const names: string[] = [];
  (items ?? []).forEach((item, index) => {
    if (!FORM_INPUT_KINDS.has(itemKind(item.type))) return;
    const name = formFieldName(item, index);
    if (!names.includes(name)) names.push(name);
  });
  return names;
}

/**
 * A submission's fields as the CTA's form has them: only its own fields (a visitor's extra names
 * are dropped: never stored, mailed or forwarded), in the form's order.
 */
export function formFields(
  fields: Record<string, string>,
  items: readonly { type?: unknown; name?: unknown; label?: unknown }[] | null | undefined,
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of formFieldNames(items)) if (Object.hasOwn(fields, name)) kept[name] = fields[name]!;
  return kept;
}
