import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { settleAnalytics } from '../support/analytics.js';
import { expectWith } from '../support/expect.js';
import { arbitraries, classicBodies, classicQueries, hash, type FuzzContext, type FuzzInput } from '../support/fuzz.js';
import {
  ADMIN,
  WRITER,
  boot,
  newAgent,
  setups,
  signIn,
  routesOf,
  type Agent,
  type Booted,
  type Route,
} from './setups.js';

/**
 * The route fuzzer (DESIGN.md "Trust boundary"): fast-check walks every route the HTTP router
 * lists with generated hostile paths, queries and bodies, as an anonymous visitor, the demo
 * writer and a fresh sign-up (a member of their own organisation only). None of them belongs to
 * organisation B, which has one record of every kind, each carrying a unique marker. The test
 * fails on any 5xx (or a request that hangs) and on any answer that shows B's marker or an id of
 * B's records the request did not itself contain. All failures of a run are collected, deduplicated
 * (route, status, cause) and reported together.
 *
 *   FUZZ_SEED=123 npm run jest -- test/e2e/route-fuzzer.test.ts   reproduces a run
 *   FUZZ_REQUESTS=20000                                          requests per store (default 5,000; at least
 *                                                                10 generated ones per route and actor)
 *   FUZZ_VERBOSE=1                                               statuses and messages per route and actor
 *   FUZZ_CONCURRENCY=4                                           requests in flight (default 8)
 */

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomBytes(4).readUInt32BE(0) >>> 1;
const TARGET = Number(process.env.FUZZ_REQUESTS ?? 5000);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 8);
const STRONG = 'Str0ng-pass!';

/** Routes that end the session under test. */
const SESSION_ENDING = new Set(['post /api/auth/logout', 'post /api/auth/logout/subUser']);

interface Actor {
  name: 'anonymous' | 'writer' | 'stranger';
  agent: Agent;
  email?: string;
  login?: () => Promise<Agent>;
  /** Re-login in flight (requests run concurrently). */
  restoring?: Promise<void>;
  /** B's ids this actor sent in a write that succeeded (they may come back later: it knew them). */
  known: Set<string>;
  /** Ids of records the actor reaches, by resource. */
  reach: Record<string, string[]>;
}

interface Failure {
  kind: '5xx' | 'leak' | 'hang';
  actor: string;
  method: string;
  route: string;
  url: string;
  body: string;
  status: number;
  response: string;
  cause: string;
}

const excerpt = (text: string, max = 240) => {
  const printable = JSON.stringify(text).slice(1, -1);
  return printable.length > max ? `${printable.slice(0, max)}…(${text.length} chars)` : printable;
};

/** A cause without the parts that change from input to input, so one bug is reported once. */
const normalise = (message: string) =>
  message
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/"[^"]*"/g, '"…"')
    .replace(/'[^']*'/g, "'…'")
    .replace(/\d+/g, 'N')
    .slice(0, 200);

for (const setup of setups) {
  describe(`route fuzzer (${setup.name})`, () => {
    let t: Booted;
    let routes: Route[];
    let admin: Agent;
    let ctx: FuzzContext;
    const marker = `zzb-secret-${randomBytes(4).toString('hex')}`;
    /** B's secrets other than the marker: record ids and its website key -> what they are. */
    const secrets = new Map<string, string>();
    /** Server-side error of each failed request, by request id (the app logs every 5xx). */
    const serverErrors = new Map<string, string>();
    let actors: Actor[];

    const must = async (what: string, res: request.Response | Promise<request.Response>, ok = [200, 201]) => {
      const r = await res;
      if (!ok.includes(r.status)) throw new Error(`fixture: ${what} answered ${r.status} ${excerpt(r.text, 500)}`);
      return r.body;
    };

    beforeAll(async () => {
      // Rate limits so high they never answer 429 (their code still runs on every request): the
      // fuzzer wants the handlers behind them. The limits themselves are tested elsewhere.
      t = await boot(setup, {
        RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
        RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000',
        RATE_LIMIT_PUBLIC_SITE_PER_MINUTE: '1000000',
      });
      // Every 5xx is logged by the app with its request id: keep the cause for the report.
      const log = t.app.runtime.log as unknown as { error: (...args: unknown[]) => unknown };
      const original = log.error.bind(log);
      log.error = (...args: unknown[]) => {
        const [fields] = args as [
          { requestId?: unknown; err?: { name?: string; message?: string; stack?: string } } | undefined,
        ];
        if (fields && typeof fields === 'object' && fields.requestId !== undefined) {
          const err = fields.err;
          // The first frame of the product's own code (below the SQL driver), for the report.
          const frames =
            err?.stack?.split('\n').filter((line) => /\/(libs|apps)\//.test(line) && !line.includes('node_modules')) ??
            [];
          const frame = (frames.find((line) => !line.includes('/libs/eventstore/')) ?? frames[0])
            ?.trim()
            .replace(/^at /, '')
            .replace(/\(?\/.*?\/((libs|apps)\/[^)]*)\)?/, '$1');
          serverErrors.set(
            String(fields.requestId),
            `${err?.name ?? 'Error'}: ${err?.message ?? String(err)}${frame ? ` @ ${frame}` : ''}`,
          );
        }
        return original(...args);
      };
      routes = routesOf(t).filter((r) => !SESSION_ENDING.has(`${r.method} ${r.path}`));
      admin = await signIn(t.url, ADMIN);

      // The actors. None is a member of B.
      const strangerEmail = `stranger-${randomBytes(3).toString('hex')}@stranger.example`;
      const stranger = newAgent(t.url);
      await must(
        'sign-up',
        stranger
          .post('/api/auth/signup')
          .send({ email: strangerEmail, password: STRONG, name: 'Stranger', orgName: 'Stranger Co' }),
      );
      // The stranger owns records of every kind too, so that its requests get past "not found".
      const strangerSite = (
        await stranger.post('/api/websites').send({ name: 'Stranger site', url: 'https://stranger-site.example' })
      ).body.id as string;
      // (With the community and CRO in its plan, the stranger gets past "Upgrade to access" too.)
      const strangerUser = (await stranger.get('/api/auth/user')).body as {
        id: string;
        organisations: Array<{ id: string }>;
      };
      await stranger
        .post(`/api/organisations/${strangerUser.organisations[0].id}/actions/ChangePlan`)
        .send({ plan: 'scale' });
      const strangerQuestion = (
        await stranger.post('/api/questions').send({ websiteId: strangerSite, title: 'Stranger question' })
      ).body.id as string;
      await stranger
        .post('/api/answers')
        .send({ questionId: strangerQuestion, body: 'Stranger answer with enough words.' });
      await stranger.post('/api/posts').send({ websiteId: strangerSite, title: 'Stranger post', type: 'blog' });
      await stranger
        .post('/api/redirect-rules')
        .send({ websiteId: strangerSite, fromPath: '/stranger-old', toPath: '/stranger-new' });
      await stranger.post('/api/bios').send({
        websiteId: strangerSite,
        kind: 'writer',
        userId: strangerUser.id,
        displayName: 'Stranger',
        text: 'Writes for the stranger.',
      });
      await stranger.post('/api/members').send({
        organisationId: strangerUser.organisations[0].id,
        email: 'stranger-member@stranger.example',
        name: 'Stranger Member',
        orgRole: 'member',
        websiteIds: [strangerSite],
      });
      const loginAs = (credentials: { email: string; password: string }) => async () => {
        const agent = newAgent(t.url);
        const res = await agent.post('/api/auth/login').send(credentials);
        if (res.status !== 200) throw new Error(`re-login of ${credentials.email}: ${res.status} ${excerpt(res.text)}`);
        return agent;
      };
      actors = [
        { name: 'anonymous', agent: newAgent(t.url), known: new Set(), reach: {} },
        {
          name: 'writer',
          agent: await signIn(t.url, WRITER),
          email: WRITER.email,
          login: loginAs(WRITER),
          known: new Set(),
          reach: {},
        },
        {
          name: 'stranger',
          agent: stranger,
          email: strangerEmail,
          login: loginAs({ email: strangerEmail, password: STRONG }),
          known: new Set(),
          reach: {},
        },
      ];

      // Organisation B (the platform admin creates and owns it) with one record of every kind,
      // each text carrying the marker.
      const orgB = (await must('organisation B', admin.post('/api/organisations').send({ name: `${marker} Tenant` })))
        .id as string;
      const siteB = (
        await must(
          'website of B',
          admin
            .post('/api/websites')
            .send({ organisationId: orgB, name: `${marker} site`, url: `https://${marker}.example` }),
        )
      ).id as string;
      await must(
        'member of B',
        admin
          .post('/api/members')
          .send({ organisationId: orgB, email: `${marker}@b.example`, name: `${marker} Member` }),
      );
      await must('plan of B', admin.post(`/api/organisations/${orgB}/actions/ChangePlan`).send({ plan: 'scale' }));
      const questionB = (
        await must(
          'question of B',
          admin.post('/api/questions').send({ websiteId: siteB, title: `${marker} question` }),
        )
      ).id as string;
      await must('answer of B', admin.post('/api/answers').send({ questionId: questionB, body: `${marker} answer` }));
      await must(
        'post of B',
        admin.post('/api/posts').send({ websiteId: siteB, title: `${marker} post`, type: 'blog' }),
      );
      await must(
        'redirect rule of B',
        admin
          .post('/api/redirect-rules')
          .send({ websiteId: siteB, fromPath: `/${marker}-old`, toPath: `/${marker}-new` }),
      );
      await must(
        'bio of B',
        admin
          .post('/api/bios')
          .send({ websiteId: siteB, kind: 'expert', displayName: `${marker} Expert`, text: `Knows ${marker}.` }),
      );
      // CRO records of B (and of the stranger, to get past "not found").
      const croRecords = async (agent: Agent, websiteId: string, name: string, domain: string) => {
        const product = (
          await must(`product ${name}`, agent.post('/api/products').send({ websiteId, name: `${name} product` }))
        ).id as string;
        const goal = (
          await must(
            `goal ${name}`,
            agent.post('/api/goals').send({ websiteId, name: `${name} goal`, type: 'count', event: 'form_submitted' }),
          )
        ).id as string;
        const list = (
          await must(
            `url list ${name}`,
            agent
              .post('/api/url-lists')
              .send({ websiteId, name: `${name} list`, rules: [{ kind: 'contains', value: `https://${domain}/x` }] }),
          )
        ).id as string;
        await must(
          `funnel ${name}`,
          agent
            .post('/api/funnels')
            .send({ websiteId, name: `${name} funnel`, steps: [{ event: 'page_view' }, { event: 'form_submitted' }] }),
        );
        await must(
          `excluded page ${name}`,
          agent
            .post('/api/excluded-pages')
            .send({ websiteId, urlRule: `https://${domain}/${name}-account/*`, note: `${name} note` }),
        );
        const cta = (
          await must(
            `cta ${name}`,
            agent.post('/api/ctas').send({
              websiteId,
              name: `${name} cta`,
              type: 'form',
              items: [
                { type: 'email', label: 'Email' },
                { type: 'button', label: 'Go' },
              ],
              productIds: [product],
            }),
          )
        ).id as string;
        await must(
          `campaign ${name}`,
          agent.post('/api/campaigns').send({
            websiteId,
            name: `${name} campaign`,
            url: `https://${domain}/`,
            containers: [
              { name: 'Top', ctaId: cta, devices: ['desktop'], position: 'above', selector: 'h1', selectorType: 'css' },
            ],
            pageRules: { operator: 'or', rules: [{ kind: 'list', listId: list }] },
          }),
        );
        await must(
          `experiment ${name}`,
          agent.post('/api/experiments').send({
            websiteId,
            name: `${name} test`,
            pageUrl: `https://${domain}/`,
            testType: 'ab',
            goalId: goal,
            variants: [
              { key: 'control', weight: 50 },
              { key: 'b', weight: 50 },
            ],
          }),
        );
        return cta;
      };
      const ctaB = await croRecords(admin, siteB, marker, `${marker}.example`);
      await croRecords(stranger, strangerSite, 'Stranger', 'stranger-site.example');
      const siteBRecord = await must('website of B', admin.get(`/api/websites/${siteB}`));
      // A form submission to B's live CTA, its fields carrying the marker (GET /api/ctas/{id}/submissions and its export must never show it).
      await must('publish cta of B', admin.post(`/api/ctas/${ctaB}/actions/Publish`).send({}));
      const submissionB = await must(
        'submission of B',
        newAgent(t.url)
          .post('/api/public/collect')
          .set('Content-Type', 'text/plain')
          .send(
            JSON.stringify({
              siteKey: siteBRecord.key,
              events: [
                {
                  id: 'b-form-1',
                  name: 'form_submitted',
                  distinctId: 'b-visitor',
                  time: new Date().toISOString(),
                  url: `https://${marker}.example/`,
                  ctaId: ctaB,
                  fields: { email: `${marker}@visitor.example` },
                },
              ],
            }),
          ),
      );
      if (submissionB.accepted !== 1)
        throw new Error(`fixture: the submission of B was not taken: ${JSON.stringify(submissionB)}`);
      const adminId = (await must('admin', admin.get('/api/auth/user'))).id as string;

      // B's ids (and the actors' own) by resource, from the admin's lists.
      const resources = [
        ...new Set(
          routes
            .map((r) => /^\/api\/([a-z-]+)\/:id(\/|$)/.exec(r.path)?.[1])
            .filter((r): r is string => !!r && r !== 'auth'),
        ),
      ];
      const foreignByResource: Record<string, string[]> = {};
      const ownByResource: Record<string, string[]> = {};
      for (const resource of resources) {
        const list = await admin.get(`/api/${resource}?range=[0,999]`);
        if (list.status !== 200 || !Array.isArray(list.body)) continue;
        for (const record of list.body as Array<Record<string, unknown>>) {
          const ofB = resource === 'organisations' ? record.id === orgB : record.organisationId === orgB;
          const id = String(record.id);
          if (ofB) {
            (foreignByResource[resource] ??= []).push(id);
            secrets.set(id.toLowerCase(), `${resource} ${id}`);
            if (typeof record.userId === 'string' && record.userId !== adminId)
              secrets.set(record.userId.toLowerCase(), `user ${record.userId} (member of B)`);
          } else if ((ownByResource[resource] ??= []).length < 4 && !(resource === 'users' && id === adminId)) {
            ownByResource[resource].push(id);
          }
        }
        // What each signed-in actor reaches itself: its ids go into bodies and paths most often.
        for (const actor of actors.filter((a) => a.login)) {
          const reach = await actor.agent.get(`/api/${resource}?range=[0,7]`);
          if (reach.status === 200 && Array.isArray(reach.body))
            actor.reach[resource] = (reach.body as Array<{ id: unknown }>).map((r) => String(r.id));
        }
      }
      for (const actor of actors.filter((a) => a.login)) {
        const me = (await actor.agent.get('/api/auth/user')).body as {
          id: string;
          organisations: Array<{ id: string }>;
        };
        actor.reach.users = [me.id];
        actor.reach.organisations = [
          ...new Set([...(actor.reach.organisations ?? []), ...me.organisations.map((o) => o.id)]),
        ];
      }
      for (const [id, what] of secrets) if (what.startsWith('user ')) (foreignByResource.users ??= []).push(id);
      const siteKeys = [String(siteBRecord.key)];
      secrets.set(String(siteBRecord.key).toLowerCase(), `website key of B`);
      const sites = (await admin.get('/api/websites?range=[0,999]')).body as Array<{
        key?: string;
        organisationId: string;
      }>;
      for (const site of sites)
        if (site.organisationId !== orgB && site.key && siteKeys.length < 4) siteKeys.push(site.key);
      const workflows = (await must('workflows', admin.get('/api/workflows'))) as Array<{
        name: string;
        actions: string[];
      }>;
      ctx = {
        foreignIds: Object.values(foreignByResource).flat(),
        ownIds: Object.values(ownByResource).flat(),
        foreignByResource,
        ownByResource,
        siteKeys,
        actions: [...new Set(workflows.flatMap((w) => w.actions))],
        workflowNames: workflows.map((w) => w.name),
      };
    }, 120_000);
    afterAll(async () => t?.stop());

    /** What of B an answer shows that its request did not contain. */
    const leaksIn = (answer: string, requestText: string, actor?: Actor): string[] => {
      const text = answer.toLowerCase();
      const asked = requestText.toLowerCase();
      const found: string[] = [];
      if (text.includes(marker)) found.push(`B's marker (${marker})`);
      for (const [secret, what] of secrets) {
        if (text.includes(secret) && !asked.includes(secret) && !actor?.known.has(secret)) found.push(what);
      }
      return found;
    };

    it("finds the routes, and its leak detector sees B through the eyes of B's owner", async () => {
      expect(routes.length).toBeGreaterThan(30);
      expect(ctx.foreignIds.length).toBeGreaterThanOrEqual(8);
      const post = ctx.foreignByResource.posts[0];
      const own = await admin.get(`/api/posts/${post}`);
      expect(leaksIn(own.text, '')).toContain(`B's marker (${marker})`);
      expect(leaksIn((await admin.get('/api/organisations?range=[0,999]')).text, '')).not.toEqual([]);
    });

    it("answers every generated request below 500 and never shows another organisation's data", async () => {
      const started = Date.now();
      const cpu = process.cpuUsage();
      // Each actor aims mostly at what it reaches (the anonymous visitor at what anybody reaches).
      const generators = new Map(
        actors.map((actor) => [
          actor,
          arbitraries(
            actor.login
              ? {
                  ...ctx,
                  ownByResource: Object.fromEntries(
                    Object.entries({ ...ctx.ownByResource, ...actor.reach }).filter(([, ids]) => ids.length),
                  ),
                }
              : ctx,
          ),
        ]),
      );
      const decoded = (text: string) => {
        try {
          return decodeURIComponent(text);
        } catch {
          return text;
        }
      };

      // The requests: per route and actor, the classic attacks, then generated ones up to TARGET.
      type Task = { actor: Actor; route: Route; input: FuzzInput };
      const tasks: Task[] = [];
      const queries = classicQueries();
      const bodies = classicBodies();
      // The classic query attacks go to the routes that read a query (a bad one changes their
      // answer), and to the anonymous visitor only where it is let in.
      const readsQuery = new Set<string>();
      const openToAnonymous = new Set<string>();
      for (const route of routes.filter((r) => r.method === 'get' && !r.path.includes(':'))) {
        if ((await newAgent(t.url).get(route.path)).status !== 401) openToAnonymous.add(route.path);
        const plain = (await admin.get(route.path)).status;
        for (const probe of [
          'filter=%7B',
          'from=2024-02-30',
          'sort=%5B1%5D',
          'page=0',
          'range=%5B1%5D',
          'key=&path=',
        ]) {
          if ((await admin.get(`${route.path}?${probe}`)).status !== plain) {
            readsQuery.add(route.path);
            break;
          }
        }
      }
      for (const actor of actors) {
        for (const route of routes) {
          const concrete = (i: number) => {
            const resource = /^\/api\/([a-z-]+)/.exec(route.path)?.[1] ?? '';
            const ids = [
              ...(actor.reach[resource] ?? ctx.ownByResource[resource] ?? []),
              ...(ctx.foreignByResource[resource] ?? []),
              '00000000-0000-4000-8000-000000000000',
            ];
            return route.path
              .replace(':id', ids[i % ids.length])
              .replace(':action', ctx.actions[i % ctx.actions.length])
              .replace(/:[A-Za-z]+/g, 'x');
          };
          if (
            route.method === 'get' &&
            readsQuery.has(route.path) &&
            (actor.name !== 'anonymous' || openToAnonymous.has(route.path))
          )
            for (const query of queries) tasks.push({ actor, route, input: { path: route.path, query } });
          if (route.method !== 'get')
            bodies.forEach((body, i) => tasks.push({ actor, route, input: { path: concrete(i), query: '', body } }));
        }
      }
      const classic = tasks.length;
      const runs = Math.max(10, Math.ceil((TARGET - classic) / (routes.length * actors.length)));
      for (const actor of actors) {
        for (const route of routes) {
          const seed = (SEED ^ hash(`${actor.name} ${route.method} ${route.path}`)) >>> 0;
          for (const input of fc.sample(generators.get(actor)!.requestFor(route.method, route.path), {
            numRuns: runs,
            seed,
          }))
            tasks.push({ actor, route, input });
        }
      }
      // A reproducible interleaving of actors and routes.
      const order = fc.sample(
        fc.shuffledSubarray(
          tasks.map((_, i) => i),
          { minLength: tasks.length },
        ),
        { numRuns: 1, seed: SEED },
      )[0];

      const failures: Failure[] = [];
      const notes = new Set<string>();
      const statuses = new Map<number, number>();
      const timings = new Map<string, number>();
      /** Statuses per route, printed with FUZZ_VERBOSE=1 (how deep the generated inputs get). */
      const perRoute = new Map<string, Map<number, number>>();
      const messages = new Map<string, Set<string>>();
      let sent = 0;
      let next = 0;

      const restore = async (actor: Actor) => {
        if (actor.restoring) return actor.restoring;
        actor.restoring = (async () => {
          if (!actor.login) {
            actor.agent = newAgent(t.url);
            return;
          }
          const me = await actor.agent.get('/api/auth/user');
          if (me.status === 200 && me.body.email === actor.email && !me.body.demo) return;
          if (me.status === 200 && me.body.email === actor.email && me.body.demo) {
            const exit = await actor.agent.post('/api/auth/demo/exit').send({});
            if (exit.status === 200) return;
          }
          // A login refused (throttled after the fuzzer's failed logins) is retried once; after
          // that the actor goes on without a session rather than stopping the run.
          for (let attempt = 0; attempt < 2; attempt++) {
            try {
              actor.agent = await actor.login();
              return;
            } catch (error) {
              if (attempt === 1) notes.add(`${actor.name} could not log in again: ${(error as Error).message}`);
              else await new Promise((resolve) => setTimeout(resolve, 1000));
            }
          }
        })()
          .catch((error: Error) => {
            notes.add(`${actor.name}: restoring the session failed: ${error.message}`);
          })
          .finally(() => {
            actor.restoring = undefined;
          });
        return actor.restoring;
      };

      const run = async (task: Task) => {
        const { actor, route, input } = task;
        if (actor.restoring) await actor.restoring;
        const id = `fuzz-${sent}`;
        sent++;
        const url = input.query ? `${input.path}?${input.query}` : input.path;
        let req = actor.agent[route.method](url)
          .set('X-Request-Id', id)
          .timeout({ response: 20_000, deadline: 30_000 });
        if (input.headers) req = req.set(input.headers);
        if (input.body) req = req.set('Content-Type', input.body.type).send(input.body.text);
        const shown = `${input.headers ? `headers ${JSON.stringify(input.headers)} ` : ''}${input.body && input.body.type !== 'application/json' ? `(${input.body.type}) ` : ''}${input.body?.text ?? ''}`;
        const base = {
          actor: actor.name,
          method: route.method.toUpperCase(),
          route: route.path,
          url: excerpt(url, 300),
          body: excerpt(shown, 200),
        };
        let res: request.Response;
        const t0 = Date.now();
        try {
          res = await req;
          const key = `${route.method.toUpperCase()} ${route.path}`;
          timings.set(key, (timings.get(key) ?? 0) + Date.now() - t0);
        } catch (error) {
          failures.push({
            ...base,
            kind: 'hang',
            status: 0,
            response: '',
            cause: `no answer: ${(error as Error).message}`,
          });
          return;
        }
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const counts =
          perRoute.get(`${route.method.toUpperCase()} ${route.path} ${actor.name}`) ?? new Map<number, number>();
        counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
        if (process.env.FUZZ_VERBOSE && res.status >= 400 && typeof res.body?.message === 'string') {
          const key = `${route.method.toUpperCase()} ${route.path} ${actor.name}`;
          const seen = messages.get(key) ?? new Set<string>();
          if (seen.size < 6) seen.add(`${res.status} ${res.body.message.slice(0, 80)}`);
          messages.set(key, seen);
        }
        perRoute.set(`${route.method.toUpperCase()} ${route.path} ${actor.name}`, counts);
        const answer = `${res.text ?? ''} ${res.headers.location ?? ''}`;
        if (res.status >= 500) {
          const message = typeof res.body?.message === 'string' ? res.body.message : excerpt(res.text ?? '', 100);
          failures.push({
            ...base,
            kind: '5xx',
            status: res.status,
            response: excerpt(res.text ?? ''),
            cause: serverErrors.get(id) ?? message,
          });
        }
        const requestText = `${url} ${decoded(url)} ${input.body?.text ?? ''}`;
        const leaks = leaksIn(answer, requestText, actor);
        if (leaks.length) {
          // The answer around the first thing of B it shows.
          const lower = answer.toLowerCase();
          const at = Math.min(
            ...[marker, ...secrets.keys()].map((secret) => lower.indexOf(secret)).filter((i) => i >= 0),
          );
          const window = `${at > 150 ? '…' : ''}${answer.slice(Math.max(0, at - 150), at + 250)}`;
          failures.push({
            ...base,
            kind: 'leak',
            status: res.status,
            response: excerpt(window, 420),
            cause: `shows ${leaks.join(', ')}`,
          });
        }
        // Remember B's ids a successful write carried: if they come back later, the actor knew them.
        if (route.method !== 'get' && res.status < 300)
          for (const secret of secrets.keys()) if (requestText.toLowerCase().includes(secret)) actor.known.add(secret);
        // Keep the actors who they are: a lost session logs in again, a new one (sign-up, demo mode) is undone.
        if (res.status === 401 && actor.login && !route.path.startsWith('/api/auth/login')) await restore(actor);
        else if (
          res.status < 300 &&
          route.path.startsWith('/api/auth/') &&
          ![
            '/api/auth/user',
            '/api/auth/session',
            '/api/auth/demo',
            '/api/auth/keep-alive',
            '/api/auth/password_reset/send',
          ].includes(route.path)
        )
          await restore(actor);
      };
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < order.length) await run(tasks[order[next++]]);
        }),
      );

      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      // The app and the fuzzer share this process: its CPU time is what the run costs on an idle machine.
      const used = process.cpuUsage(cpu);
      const cpuSeconds = ((used.user + used.system) / 1e6).toFixed(1);
      console.log(
        `route fuzzer (${setup.name}): ${sent} requests (${classic} classic, ${tasks.length - classic} generated: ${runs} per route and actor), ${routes.length} routes, ${actors.length} actors, seed ${SEED} (FUZZ_SEED=${SEED} reproduces it), ${seconds} s (${cpuSeconds} s CPU in this process); statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
      );

      if (process.env.FUZZ_VERBOSE)
        console.log(
          [...perRoute]
            .sort()
            .map(
              ([key, counts]) =>
                `${key}: ${JSON.stringify(Object.fromEntries([...counts].sort((a, b) => a[0] - b[0])))} ${JSON.stringify([...(messages.get(key) ?? [])])}`,
            )
            .join('\n'),
        );
      if (notes.size) console.log(`route fuzzer (${setup.name}): ${[...notes].join('; ')}`);
      const slowest = [...timings].sort((a, b) => b[1] - a[1]).slice(0, 5);
      console.log(
        `route fuzzer (${setup.name}): most time spent on ${slowest.map(([route, ms]) => `${route} ${(ms / 1000).toFixed(1)} s`).join(', ')}`,
      );

      // One failure per (kind, route, status, cause), with the shortest input that showed it,
      // printed grouped by cause.
      const unique = new Map<string, Failure & { count: number; actors: Set<string> }>();
      for (const f of failures) {
        const key = `[${f.kind}] ${f.method} ${f.route} -> ${f.status}: ${normalise(f.cause)}`;
        const seen = unique.get(key);
        if (!seen) unique.set(key, { ...f, count: 1, actors: new Set([f.actor]) });
        else {
          seen.count++;
          seen.actors.add(f.actor);
          if (f.url.length + f.body.length < seen.url.length + seen.body.length)
            Object.assign(seen, { ...f, count: seen.count, actors: seen.actors });
        }
      }
      const byCause = new Map<string, Array<Failure & { count: number; actors: Set<string> }>>();
      for (const f of unique.values()) {
        const cause = `[${f.kind}] ${f.kind === 'leak' ? "shows another organisation's data" : normalise(f.cause)}`;
        byCause.set(cause, [...(byCause.get(cause) ?? []), f]);
      }
      const lines: string[] = [];
      for (const [cause, group] of [...byCause].sort((a, b) => a[0].localeCompare(b[0]))) {
        lines.push(`${cause}`);
        for (const f of group.sort((a, b) => a.route.localeCompare(b.route) || a.method.localeCompare(b.method)))
          lines.push(
            `  ${f.method} ${f.route} -> ${f.status} (${f.count}x; ${[...f.actors].join(', ')}): ${f.cause}\n      ${f.method} ${f.url}${f.body ? `\n      body: ${f.body}` : ''}${f.kind === 'leak' ? `\n      answer: ${f.response}` : ''}`,
          );
      }
      if (unique.size)
        console.log(
          `route fuzzer (${setup.name}): ${unique.size} distinct failures, ${byCause.size} causes (FUZZ_SEED=${SEED})\n${lines.join('\n')}`,
        );
      expect(sent).toBeGreaterThanOrEqual(TARGET);
      expectWith([...unique.keys()].sort(), `FUZZ_SEED=${SEED}; the causes and inputs are printed above`).toEqual([]);
      // What the tracking routes took in (the same ids with other times, one visitor's thousands of
      // clicks) holds no visitor's analytics back: the projector works through it, nobody set aside.
      await settleAnalytics(t.app);
      const health = await newAgent(t.url).get('/api/health');
      expectWith(health.status, JSON.stringify(health.body)).toBe(200);
      expectWith(health.body.analytics, `FUZZ_SEED=${SEED}`).toMatchObject({ ok: true, setAside: 0 });
    }, 600_000);
  });
}
