import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from '@jest/globals';
import { PgliteDriver, migrate } from '#libs/eventstore/src/index.js';
import { requires } from '../support/requires.js';
import { runsPglite } from '../support/database.js';

const run = promisify(execFile);
const CLI = join(process.cwd(), 'dist/apps/api/src/cli.js');
const MAIN = join(process.cwd(), 'dist/apps/api/src/main.js');

/** `npm run projections -- ...` against an embedded data directory the server wrote. */
(runsPglite
  ? requires(existsSync(CLI), 'the built CLI (npm run build:api)')
  : requires(false, 'the embedded store in this pass (the CLI test runs on PGlite; TEST_STORES leaves it out)', {
      optional: true,
    }))('projections CLI (needs `npm run build:api`)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cli-'));
  const env = {
    ...process.env,
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: '',
    EVENTSTORE_URL: '',
    KAFKA_BROKERS: '',
  };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists the projections and rebuilds one from the log', async () => {
    // Seed the data directory the way `npm start` does, then stop the server (PGlite has one writer).
    const { spawn } = await import('node:child_process');
    const server = spawn(process.execPath, [MAIN], {
      env: { ...env, PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      let out = '';
      server.stdout!.on('data', (d) => {
        out += String(d);
        if (out.includes('Platform admin:')) resolve();
      });
      server.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
    });
    server.kill('SIGTERM');
    await new Promise((r) => server.on('exit', r));

    const list = await run(process.execPath, [CLI, 'list'], { env });
    for (const name of ['users', 'organisations', 'websites']) expect(list.stdout).toContain(name);

    const rebuilt = await run(process.execPath, [CLI, 'rebuild', 'websites'], { env });
    expect(rebuilt.stdout).toMatch(/websites: rebuilt from \d+ events/);
    const after = await run(process.execPath, [CLI, 'list'], { env });
    expect(after.stdout).toMatch(/'websites'\s*│\s*'running'/);

    await expect(run(process.execPath, [CLI, 'rebuild', 'nope'], { env })).rejects.toMatchObject({
      stderr: expect.stringContaining('No projection named nope'),
    });
    await expect(run(process.execPath, [CLI], { env })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage'),
    });
  }, 120_000);

  it('refuses to start on a database where an applied migration has changed since, naming it', async () => {
    // A database that applied an "identity 1" whose SQL is not the one the server has.
    const other = mkdtempSync(join(tmpdir(), 'migrated-'));
    try {
      const db = await PgliteDriver.open(other);
      await migrate(db, '-- migration identity 1: baseline\nSELECT 1;');
      await db.close();
      // A server that started after all is killed after 30 s (and the test fails).
      const started = run(process.execPath, [MAIN], {
        env: { ...env, DATA_DIR: other, PORT: '0', HOST: '127.0.0.1' },
        timeout: 30_000,
      });
      await expect(started).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('Migration identity 1 (baseline) was changed after this database applied it'),
      });
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  }, 60_000);
});
