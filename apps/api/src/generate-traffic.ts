import { parseArgs } from 'node:util';
import { MAX_DAYS, MAX_VISITORS } from '#libs/analytics/src/demo/traffic-generator.js';
import { ConfigError, loadConfig } from '#libs/platform/src/config.js';
import { createLogger } from '#libs/platform/src/logging.js';
import { createRuntime } from '#libs/platform/src/runtime.js';
import { catalog, relays } from './catalog.js';
import { seedBenchWebsite } from './demo/bench-website.seed.js';
import { utcOffsetMinutes, websiteTraffic, writeTraffic } from './demo/traffic.seed.js';

const USAGE = `Usage: npm run generate:traffic -- --website <id> [options]
  (or: node dist/apps/api/src/generate-traffic.js --website <id> --visitors 1000000 --days 90)

Writes realistic tracking traffic for a website into the database the environment names
(libs/analytics/src/demo/traffic-generator.ts): visitors arriving over the last days with weekly
and daily cycles, sessions, referrers, the website's live CTAs, experiments and goals. Its visitors
are queued for the analytics projector, which the API or the worker then runs.
With the embedded store (DATA_DIR), stop the server first: one process at a time opens it.

  --website <id>     the website (required)
  --visitors <n>     visitors (default 1000000, at most ${MAX_VISITORS})
  --days <n>         days before --end (default 90, at most ${MAX_DAYS})
  --end <iso>        the end of the period (default now; events stop a minute before it)
  --seed <n>         the generator's seed (default 1): the same seed writes the same events (stored once)
  --control <pct>    the control group (default: the website's analytics setting)
  --bots <pct>       the share of bot visitors (default 2)
  --batch <n>        events per insert (default 5000)
  --setup bench      first give the website the analytics benchmark's set-up through the product's
                     commands (apps/api/src/demo/bench-website.seed.ts: 3 goals, 30 CTAs placed by
                     15 live campaigns, a live A/B experiment, 5 funnels); skipped when it has it.
                     The read models must show them before the traffic is drawn: this process runs
                     the projections (or waits for the API that holds them).`;

const wholeNumber = (name: string, value: string | undefined, fallback: number, min: number, max: number): number => {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number`);
  const n = Number(value);
  if (n < min || n > max) throw new UsageError(`--${name} must be from ${min} to ${max}`);
  return n;
};

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  let options: ReturnType<typeof read>;
  try {
    options = read(argv);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (options === 'help') {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const runtime = await createRuntime(config, catalog, { log: createLogger(config.logLevel), relays });
  try {
    if (options.setup) {
      if (config.runProjections) await runtime.projections.start();
      const commands = runtime.commands;
      const setup = await seedBenchWebsite(
        {
          db: runtime.db,
          execute: async (command) => {
            const result = await commands.execute(command);
            await runtime.projections.waitForResult(result, 120_000);
            return result;
          },
        },
        options.website,
      );
      // The projections have shown the set-up: their leases and connections are not needed for the traffic.
      await runtime.projections.stop();
      if (!setup) {
        console.error(`No website with id ${options.website}.`);
        return 1;
      }
      console.log(
        `${setup.created ? 'Set up' : 'Already set up'}: ${setup.goals.length} goals, ${setup.ctas.length} CTAs in ${setup.campaigns.length} live campaigns, ` +
          `experiment ${setup.experimentId || 'none'}, ${setup.funnels.length} funnels.`,
      );
    }
    const placed = await websiteTraffic(runtime.db, options.website);
    if (!placed) {
      console.error(`No website with id ${options.website}.`);
      return 1;
    }
    const pages = placed.pages;
    const controlGroupPct = options.control ?? placed.website.controlGroupPct;
    console.log(
      `Website ${placed.website.id} (${placed.website.url}): ${options.visitors} visitors over ${options.days} days to ${options.end.toISOString()}, ` +
        `${pages.length} pages, ${placed.ctas.length} CTAs, ${placed.experiments.length} live experiments, ${placed.goals.length} goals, control group ${controlGroupPct} %.`,
    );
    let shown = 0;
    const written = await writeTraffic(
      runtime.db,
      placed.website,
      {
        seed: options.seed,
        visitors: options.visitors,
        days: options.days,
        end: options.end,
        pages,
        ctas: placed.ctas,
        experiments: placed.experiments,
        goals: placed.goals,
        controlGroupPct,
        botPct: options.bots,
        utcOffsetMinutes: utcOffsetMinutes(placed.website.timezone, options.end),
        currency: placed.website.currency ?? 'EUR',
      },
      {
        batchSize: options.batch,
        onProgress: ({ events, visitors, elapsedMs }) => {
          if (events - shown < 100_000 && visitors < options.visitors) return;
          shown = events;
          const rate = Math.round(events / Math.max(0.001, elapsedMs / 1000));
          const pct = options.visitors === 0 ? 100 : Math.floor((visitors / options.visitors) * 100);
          console.log(
            `  ${events.toLocaleString('en')} events, ${visitors.toLocaleString('en')} visitors (${pct} %), ${(elapsedMs / 1000).toFixed(1)} s, ${rate.toLocaleString('en')} events/s`,
          );
        },
      },
    );
    console.log(
      `Done: ${written.events.toLocaleString('en')} events of ${written.visitors.toLocaleString('en')} visitors in ${(written.ms / 1000).toFixed(1)} s ` +
        `(${written.inserted.toLocaleString('en')} new, ${(written.events - written.inserted).toLocaleString('en')} already stored). ` +
        'The analytics projector computes the reports from them when the API or the worker runs.',
    );
    return 0;
  } finally {
    await runtime.close();
  }
}

function read(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      website: { type: 'string' },
      visitors: { type: 'string' },
      days: { type: 'string' },
      end: { type: 'string' },
      seed: { type: 'string' },
      control: { type: 'string' },
      bots: { type: 'string' },
      batch: { type: 'string' },
      setup: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help' as const;
  const website = values.website;
  if (!website || !/^[A-Za-z0-9_-]{1,100}$/.test(website)) throw new UsageError('--website <id> is required');
  let end = new Date();
  if (values.end !== undefined) {
    end = new Date(values.end);
    if (!/^\d{4}-\d{2}-\d{2}/.test(values.end) || !Number.isFinite(end.getTime()))
      throw new UsageError('--end must be an ISO 8601 date or date and time');
  }
  if (values.setup !== undefined && values.setup !== 'bench') throw new UsageError('--setup must be "bench"');
  return {
    website,
    setup: values.setup === 'bench',
    visitors: wholeNumber('visitors', values.visitors, 1_000_000, 0, MAX_VISITORS),
    days: wholeNumber('days', values.days, 90, 1, MAX_DAYS),
    end,
    seed: wholeNumber('seed', values.seed, 1, 0, 0xffffffff),
    control: values.control === undefined ? undefined : wholeNumber('control', values.control, 0, 0, 100),
    bots: wholeNumber('bots', values.bots, 2, 0, 100),
    batch: wholeNumber('batch', values.batch, 5_000, 1, 50_000),
  };
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
