import { Controller, Get, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import { CurrentViewer, Public } from '../auth/public.decorator.js';
import type { Viewer } from '../auth/viewer.js';
import { ensure } from '../auth/policy.js';
import type { Metrics } from '../metrics.js';
import { ProjectionManager } from '../projections/projection-manager.js';
import { METRICS, SQL } from '../tokens.js';

/** Health, metrics and projection administration: the same in the api and the worker. */
@Controller()
export class OpsController {
  constructor(
    @Inject(SQL) private readonly db: SqlDriver,
    private readonly projections: ProjectionManager,
    @Inject(METRICS) private readonly metrics: Metrics,
  ) {}

  /** Readiness: the database answers and no projection stopped on an error (in any process). */
  @Public()
  @Get('health')
  async health(@Res({ passthrough: true }) response: Response) {
    let database = 'up';
    let states: Awaited<ReturnType<ProjectionManager['states']>> = [];
    let checks: Awaited<ReturnType<Metrics['checks']['run']>> = {};
    try {
      await this.db.query('SELECT 1');
      states = await this.projections.states();
      checks = await this.metrics.checks.run();
    } catch {
      database = 'down';
    }
    // A projection stopped on an error fails every process, wherever it runs: the api's commands
    // cannot show their writes (they answer 503), and its lists are stale (DESIGN.md "Read your writes").
    // So does a failing check a context registered (the analytics projector: libs/analytics).
    const failed = [
      ...states.filter((s) => s.status === 'failed').map((s) => s.name),
      ...Object.keys(checks).filter((name) => !checks[name]!.ok),
    ];
    const ok = database === 'up' && failed.length === 0;
    response.status(ok ? 200 : 503);
    return {
      status: ok ? 'ok' : 'error',
      ...(failed.length ? { failed } : {}),
      database,
      projections: states.map((s) => ({
        name: s.name,
        status: s.status,
        runner: s.runner,
        lag: s.lag,
        error: s.error,
      })),
      ...checks,
    };
  }

  /** Liveness: the process answers. */
  @Public()
  @Get('health/live')
  live() {
    return { status: 'ok' };
  }

  @Public()
  @Get('metrics')
  async prometheus(@Res() response: Response) {
    response.setHeader('Content-Type', this.metrics.registry.contentType);
    response.send(await this.metrics.registry.metrics());
  }

  @Get('admin/projections')
  async list(@CurrentViewer() viewer: Viewer, @Res({ passthrough: true }) response: Response) {
    ensure(viewer, 'projections.manage');
    const states = (await this.projections.states()).map((s) => ({ id: s.name, ...s }));
    response.setHeader('Content-Range', `projections 0-${Math.max(states.length - 1, 0)}/${states.length}`);
    return states;
  }

  @Post('admin/projections/:name/rebuild')
  @HttpCode(202)
  async rebuild(@CurrentViewer() viewer: Viewer, @Param('name') name: string) {
    ensure(viewer, 'projections.manage');
    await this.projections.rebuild(name);
    return {
      id: name,
      name,
      status: 'rebuilding',
      message: `Projection ${name} is being rebuilt from the start of the log`,
    };
  }

  @Post('admin/projections/:name/restart')
  @HttpCode(202)
  async restart(@CurrentViewer() viewer: Viewer, @Param('name') name: string) {
    ensure(viewer, 'projections.manage');
    await this.projections.restart(name);
    return { id: name, name, status: 'running' };
  }
}
