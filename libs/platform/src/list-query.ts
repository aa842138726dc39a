import type { SqlExecutor } from '#libs/eventstore/src/index.js';
import { BadRequestError } from './errors.js';

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
  try {
    return JSON.parse(value);
  } catch {
    throw new BadRequestError(`${name} is not valid JSON`);
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Builds and runs the query. `scope` is SQL (with `$n` placeholders starting at 1) restricting
 * rows to what the user may see, e.g. tenancy; it is always applied.
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

  const filter = (parseJson('filter', query.filter) ?? {}) as Record<string, unknown>;
  if (typeof filter !== 'object' || Array.isArray(filter) || filter === null) throw new BadRequestError('filter must be a JSON object');
  let byIds = false;
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'q') continue;
    const custom = def.customFilters?.[key];
    if (custom) {
      where.push(custom(value, add));
      continue;
    }
    // `{field}_gte` / `{field}_lte`: a range on a field (dates as YYYY-MM-DD, or numbers).
    const bound = /^(.+)_(gte|lte)$/.exec(key);
    if (bound && def.fields[bound[1]]) {
      if (typeof value !== 'string' && typeof value !== 'number') throw new BadRequestError(`Filter ${key} must be a date or a number`);
      const text = String(value);
      if (typeof value === 'string' && !(DATE.test(text) && !Number.isNaN(Date.parse(text))) && Number.isNaN(Number(text))) {
        throw new BadRequestError(`Filter ${key} must be a date as YYYY-MM-DD or a number`);
      }
      const column = def.fields[bound[1]];
      const placeholder = add(text);
      where.push(
        DATE.test(text)
          ? `${column} ${bound[2] === 'gte' ? '>=' : '<'} (${placeholder}::date${bound[2] === 'lte' ? ' + 1' : ''})`
          : `${column} ${bound[2] === 'gte' ? '>=' : '<='} ${placeholder}::numeric`,
      );
      continue;
    }
    const column = def.fields[key];
    if (!column) throw new BadRequestError(`Unknown filter ${key}`);
    if (Array.isArray(value)) {
      if (key === 'id') byIds = true;
      if (value.length === 0) {
        where.push('false');
        continue;
      }
      if (value.some((v) => typeof v === 'object')) throw new BadRequestError(`Filter ${key} must list plain values`);
      where.push(`${column}::text = ANY(${add(value.map(String))}::text[])`);
    } else if (typeof value === 'object') {
      throw new BadRequestError(`Filter ${key} must be a plain value or a list`);
    } else {
      where.push(`${column}::text = ${add(String(value))}`);
    }
  }
  const search = filter.q ?? query.search;
  if (search !== undefined && search !== '') {
    if (typeof search !== 'string' || search.length > 200) throw new BadRequestError('The search must be text of at most 200 characters');
    const pattern = add(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(${def.search.map((expr) => `${expr} ILIKE ${pattern}`).join(' OR ')})`);
  }
  for (const [bound, op] of [
    ['from', '>='],
    ['to', '<'],
  ] as const) {
    const value = query[bound];
    if (value === undefined || value === '') continue;
    if (typeof value !== 'string' || !DATE.test(value) || Number.isNaN(Date.parse(value))) {
      throw new BadRequestError(`${bound} must be a date as YYYY-MM-DD`);
    }
    if (!def.dateField) throw new BadRequestError(`This list has no date to filter by`);
    const date = bound === 'to' ? `(${add(value)}::date + 1)` : `${add(value)}::date`;
    where.push(`${def.fields[def.dateField]} ${op} ${date}`);
  }

  let [sortField, sortOrder] = def.defaultSort as [string, string];
  const sort = query.sort;
  if (typeof sort === 'string' && sort.startsWith('[')) {
    const parsed = parseJson('sort', sort);
    if (!Array.isArray(parsed) || typeof parsed[0] !== 'string') throw new BadRequestError('sort must be ["field","ASC|DESC"]');
    sortField = parsed[0];
    sortOrder = String(parsed[1] ?? 'ASC');
  } else if (typeof sort === 'string' && sort !== '') {
    sortField = sort;
    sortOrder = typeof query.sortDirection === 'string' ? query.sortDirection : 'ASC';
  }
  sortOrder = sortOrder.toUpperCase();
  if (sortOrder !== 'ASC' && sortOrder !== 'DESC') throw new BadRequestError('The sort direction must be ASC or DESC');
  const sortColumn = def.fields[sortField];
  if (!sortColumn) throw new BadRequestError(`Cannot sort by ${sortField}`);

  const pageSize = def.defaultPageSize ?? 100;
  const maxPageSize = def.maxPageSize ?? 1000;
  let start = 0;
  let end = pageSize - 1;
  const range = parseJson('range', query.range);
  if (range !== undefined) {
    if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isInteger(n) && n >= 0) || range[1] < range[0]) {
      throw new BadRequestError('range must be [start, end] with 0 <= start <= end');
    }
    [start, end] = range as [number, number];
  } else if (query.page !== undefined || query.limit !== undefined) {
    const page = Number(query.page ?? 1);
    const limit = Number(query.limit ?? pageSize);
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(limit) || limit < 1) {
      throw new BadRequestError('page and limit must be positive whole numbers');
    }
    start = (page - 1) * limit;
    end = start + limit - 1;
  } else if (byIds) {
    end = maxPageSize - 1;
  }
  if (end - start + 1 > maxPageSize) end = start + maxPageSize - 1;

  const whereSql = where.join(' AND ');
  const recordColumn = def.recordColumn ?? 'record';
  const [rows, count] = await Promise.all([
    db.query<{ record: T }>(
      `SELECT ${recordColumn} AS record FROM ${def.table} WHERE ${whereSql}
       ORDER BY ${sortColumn} ${sortOrder} NULLS LAST, id ${sortOrder} LIMIT ${end - start + 1} OFFSET ${start}`,
      params,
    ),
    db.query<{ total: string }>(`SELECT count(*)::text AS total FROM ${def.table} WHERE ${whereSql}`, params),
  ]);
  const total = Number(count.rows[0].total);
  const last = rows.rows.length ? start + rows.rows.length - 1 : start;
  return {
    rows: rows.rows.map((r) => r.record),
    total,
    start,
    end: last,
    contentRange: `${def.resource} ${start}-${last}/${total}`,
  };
}
