import { ConfigError, loadConfig } from '#libs/platform/src/config.js';
import { createLogger } from '#libs/platform/src/logging.js';
import { createRuntime } from '#libs/platform/src/runtime.js';
import { catalog, relays } from './catalog.js';

const USAGE = `Usage: npm run projections -- <command>
  list              each projection's status, position and lag
  rebuild <name>    empty a projection's read model and replay it from the start of the log
  restart <name>    let a projection that stopped on an error try again from its checkpoint`;

/** The projection administration CLI, against the database the environment names. */
async function main(args: string[]): Promise<number> {
  const [command, name] = args;
  if (!command || (command !== 'list' && !name)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const runtime = await createRuntime(config, catalog, { log: createLogger(config.logLevel), relays });
  try {
    switch (command) {
      case 'list':
        console.table(
          (await runtime.projections.states()).map((s) => ({
            name: s.name,
            status: s.status,
            position: s.position,
            lag: s.lag,
            error: s.error,
          })),
        );
        return 0;
      case 'rebuild': {
        await runtime.projections.rebuild(name);
        const started = Date.now();
        const processed = await runtime.projections.catchUp(name);
        console.log(
          processed === null
            ? `${name}: reset; the running process that holds its lease is replaying it now.`
            : `${name}: rebuilt from ${processed} events in ${Date.now() - started} ms.`,
        );
        return 0;
      }
      case 'restart':
        await runtime.projections.restart(name);
        console.log(`${name}: will resume from its checkpoint.`);
        return 0;
      default:
        console.error(USAGE);
        return 2;
    }
  } finally {
    await runtime.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
