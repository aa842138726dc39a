import pg from 'pg';
import type { QueryOptions, SqlDriver, SqlExecutor } from './driver.js';

// bigint (int8) columns are returned as strings by default; numeric counts are parsed where used.

export class PgDriver implements SqlDriver {
  readonly kind = 'postgres' as const;
  readonly pool: pg.Pool;

  constructor(connectionString: string, options: { max?: number } = {}) {
    this.pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
    // An idle client that errors (server restart) must not crash the process.
    this.pool.on('error', () => undefined);
  }

  query<R = Record<string, any>>(sql: string, params?: unknown[], options?: QueryOptions) {
    return executorOf(this.pool).query<R>(sql, params, options);
  }

  async transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const value = await work(executorOf(client));
      await client.query('COMMIT');
      return value;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async session<T>(work: (session: SqlExecutor) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      return await work(executorOf(client));
    } finally {
      client.release();
    }
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    const client = new pg.Client({ connectionString: (this.pool.options as pg.PoolConfig).connectionString });
    client.on('error', () => undefined);
    await client.connect();
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    await client.query(`LISTEN ${quoteIdent(channel)}`);
    return async () => {
      await client.end().catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** The one place `pg` results become the driver's shape. */
function executorOf(client: pg.Pool | pg.PoolClient): SqlExecutor {
  return {
    async query<R>(sql: string, params?: unknown[], options?: QueryOptions) {
      const result = options?.prepare
        ? await client.query({ name: options.prepare, text: sql, values: params as any[] })
        : await client.query(sql, params as any[]);
      return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
    },
  };
}

export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Invalid identifier ${name}`);
  return `"${name}"`;
}
