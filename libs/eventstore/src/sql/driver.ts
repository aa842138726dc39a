/**
 * The one SQL access path of the product: the event store, the projection runner and every
 * read model use it. Two implementations run the same SQL: `pg` against PostgreSQL, and
 * PGlite (PostgreSQL compiled to WebAssembly) in process as the embedded default.
 */
/** How a statement is run. */
export interface QueryOptions {
  /**
   * Runs the statement as a named prepared statement on PostgreSQL (parsed and planned once per
   * connection): for the few statements on a hot path. The name stands for this one SQL text.
   * PGlite runs the statement as usual.
   */
  prepare?: string;
}

export interface SqlExecutor {
  query<R = Record<string, any>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<{ rows: R[]; rowCount: number }>;
}

export interface SqlDriver extends SqlExecutor {
  readonly kind: 'postgres' | 'pglite';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** Calls `onNotify` with its payload for each NOTIFY on `channel`; resolves to an unsubscribe function. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Runs `work` on one session that keeps session-level state (advisory locks) until released.
   * On PGlite there is one session; on PostgreSQL a dedicated pooled connection.
   */
  session<T>(work: (session: SqlExecutor) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
