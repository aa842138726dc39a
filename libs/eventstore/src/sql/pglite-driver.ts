import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { SqlDriver, SqlExecutor } from './driver.js';
import { quoteIdent } from './pg-driver.js';

/**
 * PGlite in process. It has one session, and it serialises queries and transactions itself,
 * so concurrent callers are safe; durability follows PGlite (fsync off: see README).
 */
export class PgliteDriver implements SqlDriver {
  readonly kind = 'pglite' as const;

  private constructor(readonly db: PGlite) {}

  /** `dataDir` undefined keeps the database in memory. */
  static async open(dataDir?: string): Promise<PgliteDriver> {
    const db = dataDir ? new PGlite(dataDir) : new PGlite();
    await db.waitReady;
    return new PgliteDriver(db);
  }

  query<R = Record<string, any>>(sql: string, params?: unknown[]) {
    return executorOf(this.db).query<R>(sql, params);
  }

  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => work(executorOf(tx)));
  }

  session<T>(work: (session: SqlExecutor) => Promise<T>): Promise<T> {
    return work(this);
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    const unsubscribe = await this.db.listen(quoteIdent(channel).slice(1, -1), (payload) => onNotify(payload ?? ''));
    return async () => unsubscribe();
  }

  async close(): Promise<void> {
    if (!this.db.closed) await this.db.close();
  }
}

/** The one place PGlite results become the driver's shape. */
function executorOf(db: PGlite | Transaction): SqlExecutor {
  return {
    async query<R>(sql: string, params?: unknown[]) {
      const result = await db.query<R>(sql, params as any[]);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
  };
}
