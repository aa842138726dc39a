import { aggregate } from '../aggregate.js';
import { randomUUID } from 'node:crypto';
import { Body, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import type { EventStore, RecordedEvent, SqlDriver } from '#libs/eventstore/src/index.js';
import { allowed } from '../allow-list.js';
import { CurrentViewer, RequestId } from '../auth/public.decorator.js';
import { actorFor, type Viewer } from '../auth/viewer.js';
import { DecideCommand, type DecideResult } from '../commands/decide.command.js';
import { isTimestamp } from '../dates.js';
import type { DomainEvent } from '../decider.js';
import { AppError, BadRequestError, InvalidTransitionError, NotFoundError, ValidationError } from '../errors.js';
import { bulkSchema } from '../http/bulk.js';
import { readHistory } from '../http/history.js';
import { checkId, expectedVersionOf, sendList } from '../http/records.js';
import type { ListQuery } from '../list-query.js';
import type { PeopleDirectory } from '../people.js';
import type { ProjectionManager } from '../projections/projection-manager.js';
import { parseInput } from '../validation.js';
import {
  InputWithAside,
  bodyObject,
  optionsOf,
  type ResourceCommand,
  type ResourceEnv,
  type ResourceKind,
  type ResourceRecord,
} from './resource.js';

/** The ports every resource's routes use, injected into each resource's controller. */
export interface ResourcePorts {
  people: PeopleDirectory;
  db: SqlDriver;
  store: EventStore;
  commands: CommandBus;
  projections: ProjectionManager;
}

/**
 * The simple-rest routes of one resource (DESIGN.md "HTTP conventions"), the same for every
 * decider-backed resource of every context: what differs is declared on its `ResourceKind`.
 * A resource's controller is this class with its route and its kind:
 *
 *     @Controller('bios')
 *     export class BiosController extends ResourceController {
 *       constructor(@Inject(PEOPLE) people, @Inject(SQL) db, @Inject(EVENT_STORE) store, commands: CommandBus, projections: ProjectionManager) {
 *         super(BIOS, { people, db, store, commands, projections });
 *       }
 *     }
 *
 * and may add routes of its own (a CTA's submissions). What a record offers in `allowedActions`
 * is its decider's answer for the viewer, the record and the guards' facts, among the actions the
 * kind accepts: an action is offered only when this controller's action route takes its name.
 */
export abstract class ResourceController<R extends ResourceRecord = ResourceRecord> {
  constructor(
    protected readonly kind: ResourceKind<R>,
    protected readonly ports: ResourcePorts,
  ) {}

  /** The choices and words of the resource's forms (statuses and their labels, actions...). */
  @Get('options')
  options() {
    return optionsOf(this.kind);
  }

  @Get()
  async index(
    @CurrentViewer() viewer: Viewer,
    @Query() query: ListQuery,
    @Res({ passthrough: true }) response: Response,
  ) {
    const env = this.env(viewer, '');
    const result = await this.kind.list(env, query);
    return sendList(response, { ...result, rows: await this.presentAll(result.rows, env) });
  }

  /** One action on many records (`{ action, ids, expectedVersions? }`): one result per id, never all-or-nothing. */
  @Post('bulk-actions')
  @HttpCode(200)
  async bulk(
    @CurrentViewer() viewer: Viewer,
    @Body() body: unknown,
    @RequestId() requestId: string,
    @Req() request?: Request,
  ) {
    const bulk = this.kind.bulk;
    if (!bulk) throw new NotFoundError(`${this.kind.label}s have no bulk actions`);
    const input = parseInput(bulkSchema(Object.keys(bulk.actions), bulk.maxIds, bulk.tooMany), body);
    const step = allowed(bulk.actions, input.action)!;
    const fields = bulk.fields ? bulk.fields(bodyObject(body)) : {};
    const env = this.env(viewer, requestId, request);
    const results: Array<{ id: string; ok: boolean; status?: string; error?: string; reason?: string }> = [];
    for (const id of [...new Set(input.ids)]) {
      try {
        const expectedVersion =
          input.expectedVersions && Object.hasOwn(input.expectedVersions, id) ? input.expectedVersions[id] : undefined;
        await this.act(env, id, step.action, { ...fields, expectedVersion });
        results.push({ id, ok: true, ...(step.status ? { status: step.status } : {}) });
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        results.push({ id, ok: false, ...(bulk.failure ? bulk.failure(error, step) : { error: error.message }) });
      }
    }
    return { results };
  }

  /** Every event of the record, oldest first, with who did each. */
  @Get(':id/history')
  async history(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    const env = this.env(viewer, '');
    if (this.kind.streamAccess) await this.readableStream(env, id);
    else {
      const record = await this.kind.load(env, id);
      this.kind.historyAccess?.(record, env);
    }
    return readHistory(this.ports.store, this.ports.people, `${this.kind.stream}-${id}`);
  }

  /** One record; with `asOf` (ISO time), as it was at that moment, folded from its events (kinds that declare `asOf`). */
  @Get(':id')
  async one(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Query('asOf') asOf?: unknown) {
    const env = this.env(viewer, '');
    if (asOf === undefined) return this.presentOne(await this.kind.load(env, id), env);
    if (!this.kind.asOf) throw new BadRequestError(`${this.kind.label}s have no earlier versions to show`);
    if (typeof asOf !== 'string' || !isTimestamp(asOf))
      throw new BadRequestError('asOf must be a date and time (ISO 8601)');
    let stream: RecordedEvent[];
    if (this.kind.streamAccess) stream = await this.readableStream(env, id);
    else {
      await this.kind.load(env, id);
      stream = await this.ports.store.readStream(`${this.kind.stream}-${id}`);
    }
    const at = new Date(asOf);
    const events = stream.filter((e) => e.createdAt.getTime() <= at.getTime());
    if (events.length === 0)
      throw new NotFoundError(`The ${this.kind.label.toLowerCase()} did not exist at ${at.toISOString()}`);
    const state = this.kind.decider.fold(events as unknown as DomainEvent[]);
    const last = events[events.length - 1]!;
    return {
      ...this.kind.asOf(id, state, last.streamVersion, last.createdAt),
      asOf: at.toISOString(),
      allowedActions: [] as string[],
    };
  }

  @Post()
  async create(
    @CurrentViewer() viewer: Viewer,
    @Body() body: unknown,
    @RequestId() requestId: string,
    @Req() request?: Request,
  ) {
    if (!this.kind.create) throw new BadRequestError(`${this.kind.label}s are not created through this route`);
    const env = this.env(viewer, requestId, request);
    const creation = await this.kind.create(body, env);
    const id = creation.id ?? randomUUID();
    const command: ResourceCommand = {
      type: creation.command ?? 'Create',
      actor: actorFor(viewer, creation.organisationId),
      data: creation.data,
      context: creation.context,
    };
    const result = await this.run(env, id, command, creation.organisationId, undefined);
    await this.kind.afterCreate?.(id, creation, result, env);
    return this.presentOne(await this.kind.load(env, id), env);
  }

  /** react-admin's update: the whole record comes back (its `version` is the one the user saw); the kind's update action takes it. */
  @Put(':id')
  async update(
    @CurrentViewer() viewer: Viewer,
    @Param('id') id: string,
    @Body() body: unknown,
    @RequestId() requestId: string,
    @Req() request?: Request,
  ) {
    // A kind without one refuses it as any action its table lacks (after the 404 of a record the viewer does not see).
    return this.act(this.env(viewer, requestId, request), id, this.kind.update ?? 'Update', body);
  }

  /** The kind's remove action (a record that leaves the read models is answered as it was, with its new status). */
  @Delete(':id')
  async remove(
    @CurrentViewer() viewer: Viewer,
    @Param('id') id: string,
    @Body() body: unknown,
    @RequestId() requestId: string,
    @Req() request?: Request,
  ) {
    return this.act(this.env(viewer, requestId, request), id, this.kind.remove ?? 'Delete', body);
  }

  /** Every action a record offers goes through this route, its update and remove too (under their names). */
  @Post(':id/actions/:action')
  @HttpCode(200)
  async action(
    @CurrentViewer() viewer: Viewer,
    @Param('id') id: string,
    @Param('action') action: string,
    @Body() body: unknown,
    @RequestId() requestId: string,
    @Req() request?: Request,
  ) {
    return this.act(this.env(viewer, requestId, request), id, action, body);
  }

  /** Loads the record, validates the action's input, decides with the facts, and answers the record as it is now. */
  protected async act(env: ResourceEnv, id: string, action: string, body: unknown): Promise<Record<string, unknown>> {
    // A name that could be no action's (`__proto__`, a path) is refused before anything is read.
    if (!/^[A-Za-z]{1,50}$/.test(action)) throw new BadRequestError('Unknown action');
    const record = await this.kind.load(env, id);
    const spec = allowed(this.kind.actions, action);
    // The decider's own words for an action its table does not have (`constructor` too: an own key or nothing).
    if (!spec)
      throw new InvalidTransitionError(`Action ${action} is not supported for ${withArticle(this.kind.label)}`);
    const input = bodyObject(body);
    const expectedVersion = expectedVersionOf(input);
    const actor = this.actorOf(env, record);
    let data: unknown = {};
    let kept: Record<string, unknown> = {};
    let result: DecideResult;
    try {
      // The guards' facts, read once: for whether the action is offered and for the decision.
      const facts = await this.factsOf(record, env);
      if (
        spec.requiresVersion !== undefined &&
        expectedVersion === undefined &&
        this.allowedActions(record, env, facts).includes(action)
      ) {
        throw ValidationError.field('expectedVersion', spec.requiresVersion);
      }
      if (spec.input) {
        const prepared = await spec.input(input, record, env);
        if (prepared instanceof InputWithAside) ((data = prepared.data), (kept = prepared.aside));
        else data = prepared;
      }
      const context = {
        ...facts,
        ...(spec.context ? await spec.context(record, env, data) : {}),
      };
      result = await this.run(env, id, { type: action, actor, data, context }, record.organisationId, expectedVersion);
    } catch (error) {
      throw spec.refused ? await spec.refused(error, record, data, env, kept) : error;
    }
    await spec.after?.(record, data, result, env, kept);
    const answered = await this.current(env, id, record, result);
    return spec.answer ? { ...answered, ...(await spec.answer(answered, data, result, env)) } : answered;
  }

  /** The record read back; one the action took out of every read model (deleted for good) is answered as it was, with its new status. */
  private async current(
    env: ResourceEnv,
    id: string,
    before: R,
    result: DecideResult,
  ): Promise<Record<string, unknown>> {
    try {
      return await this.presentOne(await this.kind.load(env, id), env);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      const status = String(this.kind.decider.statusOf(result.state));
      return { ...this.visible(before), status, ...this.labelOf(status), allowedActions: [] as string[] };
    }
  }

  protected async run(
    env: ResourceEnv,
    id: string,
    command: ResourceCommand,
    organisationId: string,
    expectedVersion: number | undefined,
  ): Promise<DecideResult> {
    const result: DecideResult = await this.ports.commands.execute(
      new DecideCommand(aggregate(this.kind.stream, this.kind.decider), id, command, {
        expectedVersion,
        correlationId: env.requestId,
        organisationId,
      }),
    );
    await this.ports.projections.waitForResult(result);
    await this.kind.afterDecision?.(command, organisationId, result, env);
    return result;
  }

  /** The record's events, when the kind's `streamAccess` lets the viewer read them (the id checked first). */
  protected async readableStream(env: ResourceEnv, id: string): Promise<RecordedEvent[]> {
    checkId(id);
    const events = await this.ports.store.readStream(`${this.kind.stream}-${id}`);
    await this.kind.streamAccess!(events[0]?.data as Record<string, unknown> | undefined, env);
    return events;
  }

  protected env(viewer: Viewer, requestId: string, request?: Pick<Request, 'headers'>): ResourceEnv {
    const { db, store, people, projections } = this.ports;
    return { viewer, requestId, db, store, people, projections, headers: request?.headers ?? {} };
  }

  private async factsOf(record: R, env: ResourceEnv): Promise<Record<string, unknown>> {
    return this.kind.facts ? this.kind.facts.read(record, env) : {};
  }

  protected async presentOne(record: R, env: ResourceEnv): Promise<Record<string, unknown>> {
    return (await this.presentAll([record], env, true))[0]!;
  }

  /** Records as the routes answer them: the guards' facts read once per key, the kind's extra fields, `allowedActions`. */
  protected async presentAll(records: R[], env: ResourceEnv, one = false): Promise<Record<string, unknown>[]> {
    const byKey = new Map<string, Record<string, unknown>>();
    const facts = this.kind.facts;
    if (facts) {
      for (const record of records) {
        const key = facts.key(record);
        if (!byKey.has(key)) byKey.set(key, await facts.read(record, env));
      }
    }
    const factsOf = (record: R) => (facts ? byKey.get(facts.key(record))! : {});
    const extra = this.kind.decorate ? await this.kind.decorate(records, env, factsOf, one) : () => ({});
    return records.map((record) => ({
      ...this.visible(record),
      ...extra(record),
      ...this.labelOf(record.status),
      allowedActions: this.allowedActions(record, env, factsOf(record)),
    }));
  }

  /** The decider's actions for the viewer, the record and the facts, among those the action route takes (never `Create` nor the kind's `internal` ones). */
  protected allowedActions(record: R, env: ResourceEnv, facts: Record<string, unknown>): string[] {
    const actor = this.actorOf(env, record);
    const offered = this.kind.decider.allowedActions(
      record.status,
      actor,
      this.kind.stateOf(record),
      facts,
    ) as string[];
    const internal = this.kind.internal ?? [];
    return offered.filter(
      (action) => action !== 'Create' && !internal.includes(action) && Object.hasOwn(this.kind.actions, action),
    );
  }

  private actorOf(env: ResourceEnv, record: R) {
    return this.kind.actor ? this.kind.actor(env, record) : actorFor(env.viewer, record.organisationId);
  }

  private visible(record: R): Record<string, unknown> {
    const hidden = this.kind.hiddenKeys;
    return hidden ? Object.fromEntries(Object.entries(record).filter(([key]) => !hidden.includes(key))) : { ...record };
  }

  private labelOf(status: string): { statusLabel?: string } {
    const labels = this.kind.statusLabels;
    return labels ? { statusLabel: allowed(labels, status) ?? status } : {};
  }
}

/** "a post", "an organisation", "a CTA", "a URL list": a record's name in a sentence. */
export function withArticle(label: string): string {
  const noun = /^[A-Z]{2,}/.test(label) ? label : label.toLowerCase();
  return `${/^[aeio]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}
