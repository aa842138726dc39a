/**
 * The one way to look a key from a request up in a table of the code's own (filter and sort
 * fields, tabs, action names, messages): own properties only, so `constructor`, `__proto__`,
 * `toString` and the like are ordinary unknown keys (DESIGN.md "Trust boundary").
 * Never write `table[userKey]`.
 */
export function allowed<T>(table: Readonly<Record<string, T>>, key: unknown): T | undefined {
  return typeof key === 'string' && Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Whether `key` is one of the table's own keys. */
export function isAllowed(table: Readonly<Record<string, unknown>>, key: unknown): key is string {
  return typeof key === 'string' && Object.hasOwn(table, key);
}
