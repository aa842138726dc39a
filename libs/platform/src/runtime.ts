import { mkdirSync } from 'node:fs';
import {
  EventTypeRegistry,
  KurrentEventStore,
  PgDriver,
  PgliteDriver,
  RegisteredEventStore,
  SqlEventStore,
  migrate,
  type EventStore,
  type EventTypeDefinition,
  type SqlDriver,
} from '#libs/eventstore/src/index.js';
import type { AppConfig } from './config.js';
import { createLogger, type Logger } from './logging.js';
import type { ProcessManager, Projection, RelaySubscriber, Subscriber } from './projections/projection.js';
import { DecideHandler, DeciderRegistry, type RegisteredDecider } from './commands/decide.command.js';
import { ProjectionManager } from './projections/projection-manager.js';
import { createMetrics, type Metrics } from './metrics.js';

/** What a process is made of: the composition of the product's contexts. */
export interface Catalog {
  eventTypes: EventTypeDefinition[];
  projections: Projection[];
  /** DDL of tables that are not projections (credentials, sessions...). */
  schemas: string[];
  /** Every aggregate's decider, by stream name. */
  deciders?: RegisteredDecider[];
  /** The process managers: changes that span aggregates (DESIGN.md "Process managers"). */
  processes?: ProcessManager[];
}

/** The infrastructure one process runs on, created before NestJS and closed after it. */
export interface Runtime {
  config: AppConfig;
  log: Logger;
  db: SqlDriver;
  store: EventStore;
  registry: EventTypeRegistry;
  projections: ProjectionManager;
  /** Every decider of the catalog (NestJS's command handler and the process managers use it). */
  deciders: DeciderRegistry;
  /** The process's one command handler (one cache of folded aggregates): HTTP routes and process managers decide through it. */
  commands: DecideHandler;
  metrics: Metrics;
  close(): Promise<void>;
}

export async function openDatabase(config: AppConfig, leases = 0): Promise<SqlDriver> {
  // Each subscriber this process runs keeps one connection for its lease (an advisory lock):
  // the pool holds those plus `DATABASE_POOL_SIZE` (20) for requests, appends and the batches.
  if (config.databaseUrl) return new PgDriver(config.databaseUrl, { max: config.databasePoolSize + leases });
  if (config.dataDir === 'memory://') return PgliteDriver.open();
  mkdirSync(config.dataDir, { recursive: true });
  return PgliteDriver.open(config.dataDir);
}

export async function createRuntime(
  config: AppConfig,
  catalog: Catalog,
  options: { log?: Logger; relays?: (config: AppConfig, log: Logger) => RelaySubscriber[] } = {},
): Promise<Runtime> {
  const log = options.log ?? createLogger(config.logLevel);
  // A lease per projection and process manager, and a few for the relays (Kafka, the outbox).
  const leases = config.runProjections ? catalog.projections.length + (catalog.processes?.length ?? 0) + 4 : 0;
  const db = await openDatabase(config, leases);
  try {
    const sqlStore = await SqlEventStore.create(db);
    const inner: EventStore = config.eventStoreUrl ? new KurrentEventStore(config.eventStoreUrl) : sqlStore;
    const registry = new EventTypeRegistry().register(...catalog.eventTypes);
    const store = new RegisteredEventStore(inner, registry);
    await migrate(db, ...catalog.schemas);
    if (config.databaseUrl) await warnIfSuperuser(db, log);
    const deciders = new DeciderRegistry();
    for (const entry of catalog.deciders ?? []) deciders.register(entry);
    const subscribers: Subscriber[] = [
      ...catalog.projections.map((projection) => ({ kind: 'projection' as const, projection })),
      ...(catalog.processes ?? []).map((process) => ({ kind: 'process' as const, process })),
      ...(options.relays?.(config, log) ?? []).map((relay) => ({ kind: 'relay' as const, relay })),
    ];
    const commands = new DecideHandler(store, deciders);
    const projections = new ProjectionManager(db, store, subscribers, {
      batchSize: 1000,
      idleMaxMs: config.databaseUrl ? 1000 : 250,
      retryMs: 1000,
      log,
      execute: (command) => commands.execute(command),
      stateAt: async (event, at) => {
        const entry = deciders.get(event.category);
        const upTo = at?.before ? event.streamVersion - 1 : event.streamVersion;
        const events = upTo > 0 ? await store.readStream(event.streamId, { maxCount: upTo }) : [];
        return entry.decider.fold(events as never);
      },
      current: async (aggregate, id) =>
        deciders.get(aggregate).decider.fold((await store.readStream(`${aggregate}-${id}`)) as never),
      crashAfter: process.env.PROCESS_CRASH_AFTER,
    });
    await projections.migrate();
    const metrics = createMetrics(projections);
    return {
      config,
      log,
      db,
      store,
      registry,
      projections,
      deciders,
      commands,
      metrics,
      async close() {
        await projections.stop();
        if (inner !== sqlStore) await inner.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}

/**
 * The product should connect as an ordinary role that owns its tables (deploy/postgres/create-role.sql):
 * a superuser turns any injection into reading files and running programs on the database host.
 */
async function warnIfSuperuser(db: SqlDriver, log: Logger): Promise<void> {
  const found = await db.query<{ name: string; superuser: boolean }>(
    'SELECT current_user AS name, rolsuper AS superuser FROM pg_roles WHERE rolname = current_user',
  );
  const role = found.rows[0];
  if (role?.superuser) {
    log.warn(
      { role: role.name },
      'connected to PostgreSQL as a superuser: create an ordinary role that owns the database (deploy/postgres/create-role.sql) and use it in DATABASE_URL',
    );
  }
}
