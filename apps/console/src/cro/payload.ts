/** Keys of a CRO record that the API answers and nobody edits (the `PUT` ignores them too). */
const READ_ONLY = new Set([
  'id',
  'organisationId',
  'status',
  'statusLabel',
  'version',
  'allowedActions',
  'createdAt',
  'updatedAt',
  'createdBy',
  'duplicatedFrom',
  'integrations',
  'generation',
  'warnings',
  'winner',
  'deployedVariant',
  'deletedFrom',
  'copyId',
]);

/** Empty values (null, '', undefined) left out, in objects and in the entries of lists. */
export const withoutEmpty = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutEmpty);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
      if (entry === null || entry === undefined || entry === '') continue;
      out[key] = withoutEmpty(entry);
    }
    return out;
  }
  return value;
};

/** `POST /api/{resource}`: the form's fields without the empty ones. */
export const toCreate = (data: Record<string, unknown>) => {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data))
    if (!READ_ONLY.has(key) && value !== null && value !== undefined && value !== '') out[key] = withoutEmpty(value);
  return out;
};

/**
 * `PUT /api/{resource}/{id}`: the fields the form changed (so the history names what was edited;
 * a field emptied is sent as null) and `version`, the expected version.
 */
export const toUpdate = (data: Record<string, unknown>, options?: { previousData?: Record<string, unknown> }) => {
  const before = options?.previousData ?? {};
  const out: Record<string, unknown> = { version: data.version };
  for (const [key, value] of Object.entries(data)) {
    if (READ_ONLY.has(key) || key === 'websiteId') continue;
    const previous = Object.hasOwn(before, key) ? before[key] : undefined;
    if (JSON.stringify(value ?? null) === JSON.stringify(previous ?? null)) continue;
    out[key] = value === '' || value === undefined ? null : withoutEmpty(value);
  }
  return out;
};
