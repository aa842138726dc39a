import { LRUCache } from 'lru-cache';
import type { SqlExecutor } from '#libs/eventstore/src/index.js';
import { allowed } from './allow-list.js';
import { isCalendarDate, queryDayProblem } from './dates.js';
import { BadRequestError } from './errors.js';
import { checkJson, checkText } from './http/input-guard.js';

/**
 * The one list helper of the simple-rest conventions. It accepts react-admin's
 * `sort=["field","ASC"]&range=[0,24]&filter={...}` and the spec's own
 * `page`, `limit`, `sort`, `sortDirection`, `search`, `from`, `to` (YYYY-MM-DD).
 */
export interface ListDefinition {
  /** Resource name, used in `Content-Range`. */
  resource: string;
  table: string;
  /** Sortable/filterable fields: API field name -> SQL expression. */
  fields: Record<string, string>;
  /** SQL expressions searched (case-insensitively) by `q` / `search`. */
  search: string[];
  /** The date column `from`/`to` apply to. */
  dateField?: string;
  defaultSort: [string, 'ASC' | 'DESC'];
  defaultPageSize?: number;
  maxPageSize?: number;
  /** The column holding the JSON record answered to the client. */
  recordColumn?: string;
  /**
   * Filters that are not a plain field comparison (e.g. a console tab): filter name -> SQL
   * condition built with `add(value)`, which binds a parameter and answers its placeholder.
   */
  customFilters?: Record<string, (value: unknown, add: (value: unknown) => string) => string>;
}

export interface ListQuery {
  sort?: unknown;
  range?: unknown;
  filter?: unknown;
  page?: unknown;
  limit?: unknown;
  sortDirection?: unknown;
  search?: unknown;
  from?: unknown;
  to?: unknown;
}

export interface ListResult<T> {
  rows: T[];
  total: number;
  start: number;
  end: number;
  contentRange: string;
}

function parseJson(name: string, value: unknown): unknown {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new BadRequestError(`${name} must be JSON`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new BadRequestError(`${name} is not valid JSON`);
  }
  checkJson(parsed, `The ${name}`, { maxDepth: 3 });
  return parsed;
}

/**
 * A list request's `filter` as an object, parsed and checked as the list helper does (400 for a
 * NUL, broken Unicode or too deep), for code that reads it before the list helper runs (the
 * scope of a paid product's list, the submissions' days). `null` when it is not a JSON object:
 * the list helper answers 400 for it.
 */
export function listFilter(raw: unknown): Record<string, unknown> | null {
  if (raw === undefined || raw === '') return {};
  if (typeof raw !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  checkJson(parsed, 'The filter', { maxDepth: 3 });
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
}

export { isCalendarDate };

/** Limits of the one list helper: a page is at most this many rows; offsets fit an int32. */
export const LIST_LIMITS = { maxPageSize: 1000, maxOffset: 2_147_483_647 - 1000 } as const;

/** A plain decimal number as PostgreSQL's numeric takes it (no exponent, no blanks). */
const NUMBER = /^-?\d{1,15}(\.\d{1,10})?$/;

/** A filter's plain value as text: strings, numbers and booleans only. */
function plainValue(key: string, value: unknown): string {
  if (typeof value === 'string') {
    if (value.length > 1000) throw new BadRequestError(`Filter ${key} is too long`);
    return value;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  throw new BadRequestError(`Filter ${key} must be a plain value or a list`);
}

/** A whole number from the request within [min, max], or 400 naming it. */
function positiveInteger(name: string, value: unknown): number {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw new BadRequestError(`${name} must be a positive whole number`);
  return n;
}

/**
 * Builds and runs the query. `scope` is SQL (with `$n` placeholders starting at 1) restricting
 * rows to what the user may see, e.g. tenancy; it is always applied. Every filter and sort key is
 * looked up in the definition's allow-lists (own keys only); every value is a bind parameter.
 */
export async function runList<T = Record<string, unknown>>(
  db: SqlExecutor,
  def: ListDefinition,
  query: ListQuery,
  scope: { sql: string; params: unknown[] },
): Promise<ListResult<T>> {
  const params: unknown[] = [...scope.params];
  const where: string[] = [scope.sql];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };

  const filter = parseJson('filter', query.filter) ?? {};
  if (typeof filter !== 'object' || Array.isArray(filter) || filter === null)
    throw new BadRequestError('filter must be a JSON object');
  let byIds = false;
  for (const [key, value] of Object.entries(filter as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'q') continue;
    const custom = def.customFilters ? allowed(def.customFilters, key) : undefined;
    if (custom) {
      if (typeof value === 'object') throw new BadRequestError(`Filter ${key} must be a plain value`);
      where.push(custom(value, add));
      continue;
    }
    // `{field}_gte` / `{field}_lte`: a range on a field (dates as YYYY-MM-DD, or numbers).
    const bound = /^(.+)_(gte|lte)$/.exec(key);
    const boundColumn = bound ? allowed(def.fields, bound[1]) : undefined;
    if (bound && boundColumn) {
      // Fields named like dates (createdAt, dueDate...) take dates; the others take numbers.
      const isDate = bound[1] === def.dateField || /(At|Date)$/.test(bound[1]);
      const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
      const dayProblem = isDate ? queryDayProblem(text, `Filter ${key}`) : null;
      if (dayProblem) throw new BadRequestError(dayProblem);
      if (!isDate && !NUMBER.test(text)) throw new BadRequestError(`Filter ${key} must be a number`);
      const placeholder = add(text);
      where.push(
        isDate
          ? `${boundColumn} ${bound[2] === 'gte' ? '>=' : '<'} (${placeholder}::date${bound[2] === 'lte' ? ' + 1' : ''})`
          : `${boundColumn} ${bound[2] === 'gte' ? '>=' : '<='} ${placeholder}::numeric`,
      );
      continue;
    }
    const column = allowed(def.fields, key);
    if (!column) throw new BadRequestError(`Unknown filter ${key.slice(0, 100)}`);
    if (Array.isArray(value)) {
      if (key === 'id') byIds = true;
      if (value.length === 0) {
        where.push('false');
        continue;
      }
      if (value.length > LIST_LIMITS.maxPageSize)
        throw new BadRequestError(`Filter ${key} lists more than ${LIST_LIMITS.maxPageSize} values`);
      where.push(`${column}::text = ANY(${add(value.map((v) => plainValue(key, v)))}::text[])`);
    } else {
      where.push(`${column}::text = ${add(plainValue(key, value))}`);
    }
  }
  const search = (filter as Record<string, unknown>).q ?? query.search;
  if (search !== undefined && search !== '') {
    if (typeof search !== 'string' || search.length > 200)
      throw new BadRequestError('The search must be text of at most 200 characters');
    checkText(search, 'The search');
    const pattern = add(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(${def.search.map((expr) => `${expr} ILIKE ${pattern}`).join(' OR ')})`);
  }
  for (const [bound, op] of [
    ['from', '>='],
    ['to', '<'],
  ] as const) {
    const value = query[bound];
    if (value === undefined || value === '') continue;
    const dayProblem = queryDayProblem(value, bound);
    if (dayProblem) throw new BadRequestError(dayProblem);
    if (!def.dateField) throw new BadRequestError(`This list has no date to filter by`);
    const date = bound === 'to' ? `(${add(value)}::date + 1)` : `${add(value)}::date`;
    where.push(`${def.fields[def.dateField]} ${op} ${date}`);
  }

  let [sortField, sortOrder] = def.defaultSort as [string, string];
  const sort = query.sort;
  if (typeof sort === 'string' && sort.startsWith('[')) {
    const parsed = parseJson('sort', sort);
    if (
      !Array.isArray(parsed) ||
      typeof parsed[0] !== 'string' ||
      (parsed[1] !== undefined && typeof parsed[1] !== 'string')
    ) {
      throw new BadRequestError('sort must be ["field","ASC|DESC"]');
    }
    sortField = parsed[0];
    sortOrder = parsed[1] ?? 'ASC';
  } else if (typeof sort === 'string' && sort !== '') {
    sortField = sort;
    sortOrder = typeof query.sortDirection === 'string' ? query.sortDirection : 'ASC';
  } else if (sort !== undefined && sort !== '') {
    throw new BadRequestError('sort must be ["field","ASC|DESC"]');
  }
  sortOrder = sortOrder.toUpperCase();
  if (sortOrder !== 'ASC' && sortOrder !== 'DESC') throw new BadRequestError('The sort direction must be ASC or DESC');
  const sortColumn = allowed(def.fields, sortField);
  if (!sortColumn) throw new BadRequestError(`Cannot sort by ${sortField.slice(0, 100)}`);

  const maxPageSize = Math.min(def.maxPageSize ?? LIST_LIMITS.maxPageSize, LIST_LIMITS.maxPageSize);
  const pageSize = Math.min(def.defaultPageSize ?? 100, maxPageSize);
  let start = 0;
  let end = pageSize - 1;
  const range = parseJson('range', query.range);
  if (range !== undefined) {
    if (
      !Array.isArray(range) ||
      range.length !== 2 ||
      !range.every((n) => Number.isSafeInteger(n) && n >= 0 && n <= LIST_LIMITS.maxOffset + LIST_LIMITS.maxPageSize) ||
      range[1] < range[0]
    ) {
      throw new BadRequestError(
        `range must be [start, end] with 0 <= start <= end <= ${LIST_LIMITS.maxOffset + LIST_LIMITS.maxPageSize}`,
      );
    }
    [start, end] = range as [number, number];
  } else if (query.page !== undefined || query.limit !== undefined) {
    const limit = query.limit === undefined ? pageSize : Math.min(positiveInteger('limit', query.limit), maxPageSize);
    const page = query.page === undefined ? 1 : positiveInteger('page', query.page);
    start = (page - 1) * limit;
    end = start + limit - 1;
  } else if (byIds) {
    end = maxPageSize - 1;
  }
  if (start > LIST_LIMITS.maxOffset)
    throw new BadRequestError(`The list cannot start after row ${LIST_LIMITS.maxOffset}`);
  if (end - start + 1 > maxPageSize) end = start + maxPageSize - 1;

  const whereSql = where.join(' AND ');
  const recordColumn = def.recordColumn ?? 'record';
  const [rows, total] = await Promise.all([
    db.query<{ record: T }>(
      `SELECT ${recordColumn} AS record FROM ${def.table} WHERE ${whereSql}
       ORDER BY ${sortColumn} ${sortOrder} NULLS LAST, id ${sortOrder} LIMIT ${end - start + 1} OFFSET ${start}`,
      params,
    ),
    countRows(db, def.table, whereSql, params),
  ]);
  const last = rows.rows.length ? start + rows.rows.length - 1 : start;
  return {
    rows: rows.rows.map((r) => r.record),
    total,
    start,
    end: last,
    contentRange: `${def.resource} ${start}-${last}/${total}`,
  };
}

/**
 * The total of a list (its `Content-Range`). Up to `EXACT_UP_TO` rows it is counted on every
 * request, from at most that many rows. Above it the exact count (a scan of every matching row:
 * 70 ms at 100,000 posts) is shared by the requests of the next `LARGE_TOTAL_TTL_MS` for the same
 * list and filters: a total above 10,000 may be up to 10 seconds old.
 */
export const EXACT_UP_TO = 10_000;
export const LARGE_TOTAL_TTL_MS = 10_000;
const totalsByDatabase = new WeakMap<SqlExecutor, LRUCache<string, { total: Promise<number>; at: number }>>();

async function countRows(db: SqlExecutor, table: string, whereSql: string, params: unknown[]): Promise<number> {
  let largeTotals = totalsByDatabase.get(db);
  if (!largeTotals) totalsByDatabase.set(db, (largeTotals = new LRUCache({ max: 2000 })));
  const key = `${table}\n${whereSql}\n${JSON.stringify(params)}`;
  const known = largeTotals.get(key);
  if (known && Date.now() - known.at < LARGE_TOTAL_TTL_MS) return known.total;
  const capped = await db.query<{ total: string }>(
    `SELECT count(*)::text AS total FROM (SELECT 1 FROM ${table} WHERE ${whereSql} LIMIT ${EXACT_UP_TO + 1}) AS capped`,
    params,
  );
  const small = Number(capped.rows[0].total);
  if (small <= EXACT_UP_TO) {
    largeTotals.delete(key);
    return small;
  }
  // One count in flight per list: the requests meanwhile wait for it instead of counting too.
  const total = db
    .query<{ total: string }>(`SELECT count(*)::text AS total FROM ${table} WHERE ${whereSql}`, params)
    .then((r) => Number(r.rows[0].total));
  largeTotals.set(key, { total, at: Date.now() });
  total.catch(() => largeTotals.delete(key));
  return total;
}
