export * from './types.js';
export * from './errors.js';
export * from './registry.js';
export * from './registered-event-store.js';
export type { SqlDriver, SqlExecutor } from './sql/driver.js';
export { PgDriver } from './sql/pg-driver.js';
export { PgliteDriver } from './sql/pglite-driver.js';
export { SqlEventStore, EVENTS_CHANNEL } from './sql/sql-event-store.js';
export { migrate, EVENT_STORE_SCHEMA } from './sql/schema.js';
