/**
 * The order of a form submission's fields. The visitor's fields are stored as JSON (PostgreSQL's
 * jsonb keeps no key order), so every place that shows them (the list, the mail, the integrations,
 * the CSV export) puts them in the form's order: the names of the CTA's items as they appear in
 * the form, then any other name in code-point order.
 */
export function orderedFields(fields: Record<string, string>, items: readonly { name?: string | null }[] | null | undefined): Record<string, string> {
  const formOrder = (items ?? []).map((item) => item.name).filter((name): name is string => typeof name === 'string' && name !== '');
  const names = Object.keys(fields);
  const inForm = [...new Set(formOrder)].filter((name) => Object.hasOwn(fields, name));
  const others = names.filter((name) => !inForm.includes(name)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const ordered: Record<string, string> = {};
  for (const name of [...inForm, ...others]) ordered[name] = fields[name]!;
  return ordered;
}
