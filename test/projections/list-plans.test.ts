import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { migrate, type SqlDriver, type SqlExecutor } from '#libs/eventstore/src/index.js';
import type { Viewer } from '#libs/platform/src/auth/viewer.js';
import { websiteScope, tenantScope } from '#libs/platform/src/http/tenancy.js';
import { runList, type ListDefinition, type ListQuery } from '#libs/platform/src/list-query.js';
import { IDENTITY_SCHEMA } from '#libs/identity/src/schema.js';
import { MEMBERS_LIST } from '#libs/organisations/src/projections/queries.js';
import { WEBSITES_LIST } from '#libs/organisations/src/http/websites.controller.js';
import { membersProjection } from '#libs/organisations/src/projections/members.projection.js';
import { websitesProjection } from '#libs/organisations/src/projections/websites.projection.js';
import { postsListDefinition } from '#libs/posts/src/http/posts.controller.js';
import { postsProjection } from '#libs/posts/src/projections/posts.projection.js';
import { testDatabases } from '../support/database.js';

/**
 * Issue 11: the first page of the posts, members and websites lists is served by an index at
 * 100,000 rows: the planner walks an index in the list's order and stops after 25 rows, with no
 * scan of the whole table and no sort. The SQL is the list helper's own (captured as it runs).
 */
const ROWS = 100_000;

type Plan = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: Plan[] };

function nodes(plan: Plan): Plan[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

const viewer = (memberships: Record<string, string>, websites: Record<string, string[]> = {}): Viewer =>
  ({
    userId: 'u-viewer',
    email: 'v@example.com',
    name: 'Viewer',
    role: 'editor',
    platformAdmin: false,
    sessionId: 's',
    memberships: new Map(Object.entries(memberships)),
    websiteAccess: new Map(Object.entries(websites)),
  }) as Viewer;

for (const database of testDatabases) {
  describe(`list plans at ${ROWS.toLocaleString('en-US')} rows (${database.name})`, () => {
    let db: SqlDriver;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      ({ driver: db, drop } = await database.open());
      // The members record shows when each member was last active (from the sessions table).
      await migrate(db, IDENTITY_SCHEMA, postsProjection.schema, membersProjection.schema, websitesProjection.schema);
      // Most rows in one organisation (the worst case for a list of that organisation), the rest in another.
      await db.query(
        `INSERT INTO rm_posts (id, organisation_id, website_id, locale, type, status, title, created_at, updated_at, version, state, record)
         SELECT 'p' || i, CASE WHEN i % 10 = 0 THEN 'org-b' ELSE 'org-a' END, CASE WHEN i % 3 = 0 THEN 'site-2' ELSE 'site-1' END,
                'en', 'blog', (ARRAY['Writer', 'Edit', 'Published'])[1 + i % 3], 'Post ' || i,
                now() - make_interval(secs => i), now() - make_interval(secs => i), 1, '{}'::jsonb, jsonb_build_object('id', 'p' || i)
         FROM generate_series(1, ${ROWS}) AS i`,
      );
      await db.query(
        `INSERT INTO rm_members (id, organisation_id, user_id, email, name, status, org_role, invited_at, updated_at, version, record)
         SELECT 'm' || i, CASE WHEN i % 10 = 0 THEN 'org-b' ELSE 'org-a' END, 'u' || i, 'm' || i || '@example.com', 'Member ' || lpad(i::text, 6, '0'),
                'accepted', 'member', now(), now(), 1, jsonb_build_object('id', 'm' || i, 'organisationId', 'org-a', 'userId', 'u' || i)
         FROM generate_series(1, ${ROWS}) AS i`,
      );
      await db.query(
        `INSERT INTO rm_websites (id, organisation_id, name, url, domain, status, created_at, updated_at, version, record)
         SELECT 'w' || i, CASE WHEN i % 10 = 0 THEN 'org-b' ELSE 'org-a' END, 'Website ' || lpad(i::text, 6, '0'), 'https://w' || i || '.example',
                'w' || i || '.example', 'active', now(), now(), 1, jsonb_build_object('id', 'w' || i)
         FROM generate_series(1, ${ROWS}) AS i`,
      );
      await db.query('ANALYZE rm_posts');
      await db.query('ANALYZE rm_members');
      await db.query('ANALYZE rm_websites');
    }, 180_000);
    afterAll(async () => drop?.());

    /** Runs the list as the API does and answers the plan of its rows query. */
    async function planOf(def: ListDefinition, query: ListQuery, scope: { sql: string; params: unknown[] }) {
      const captured: Array<{ sql: string; params: unknown[] }> = [];
      const recorder: SqlExecutor = {
        query: (sql, params) => {
          captured.push({ sql, params: params ?? [] });
          return db.query(sql, params);
        },
      };
      const result = await runList(recorder, def, query, scope);
      const rows = captured.find((q) => /\bLIMIT\b/.test(q.sql))!;
      const explained = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${rows.sql}`, rows.params);
      const raw = explained.rows[0]!['QUERY PLAN'];
      const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: Plan }>;
      return { result, all: nodes(plan[0]!.Plan) };
    }

    const expectIndexWalk = (all: Plan[], table: string, index: string) => {
      const types = all.map(
        (n) =>
          `${n['Node Type']}${n['Relation Name'] ? ` on ${n['Relation Name']}` : ''}${n['Index Name'] ? ` using ${n['Index Name']}` : ''}`,
      );
      expect(types).not.toContain(`Seq Scan on ${table}`);
      expect(types.some((t) => t.startsWith('Sort'))).toBe(false);
      expect(types).toContain(`Index Scan on ${table} using ${index}`);
    };

    it('posts, an owner of the organisation: its newest 25 through (organisation_id, updated_at, id)', async () => {
      const { result, all } = await planOf(
        postsListDefinition(viewer({ 'org-a': 'owner' })),
        { range: '[0,24]' },
        websiteScope(viewer({ 'org-a': 'owner' }), 'organisation_id', 'website_id'),
      );
      expect(result.rows).toHaveLength(25);
      expect(result.total).toBe(90_000);
      expectIndexWalk(all, 'rm_posts', 'rm_posts_organisation_updated');
    });

    it('posts, a member who reaches one website: the same index, the other website filtered out on the way', async () => {
      const member = viewer({ 'org-a': 'member' }, { 'org-a': ['site-1'] });
      const { result, all } = await planOf(
        postsListDefinition(member),
        { range: '[0,24]' },
        websiteScope(member, 'organisation_id', 'website_id'),
      );
      expect(result.rows).toHaveLength(25);
      expect(result.total).toBe(60_000);
      expectIndexWalk(all, 'rm_posts', 'rm_posts_organisation_updated');
    });

    it('members by name', async () => {
      const { result, all } = await planOf(
        MEMBERS_LIST,
        { range: '[0,24]' },
        tenantScope(viewer({ 'org-a': 'owner' }), 'organisation_id'),
      );
      expect(result.rows).toHaveLength(25);
      expect(result.total).toBe(90_000);
      expectIndexWalk(all, 'rm_members', 'rm_members_organisation_name');
    });

    it('counts a total up to 10,000 on every request; a larger one is shared for 10 seconds', async () => {
      const owner = viewer({ 'org-a': 'owner', 'org-b': 'owner' });
      const totalOf = async (organisationId: string) =>
        (
          await runList(
            db,
            postsListDefinition(owner),
            { range: '[0,24]', filter: JSON.stringify({ organisationId }) },
            websiteScope(owner, 'organisation_id', 'website_id'),
          )
        ).total;
      const add = (id: string, organisationId: string) =>
        db.query(
          `INSERT INTO rm_posts (id, organisation_id, website_id, locale, type, status, title, created_at, updated_at, version, state, record)
           VALUES ($1, $2, 'site-1', 'en', 'blog', 'Writer', 'Extra', now(), now(), 1, '{}', jsonb_build_object('id', $1::text))`,
          [id, organisationId],
        );
      expect(await totalOf('org-b')).toBe(10_000);
      await add('extra-b-1', 'org-b');
      expect(await totalOf('org-b')).toBe(10_001);
      expect(await totalOf('org-a')).toBe(90_000);
      await add('extra-a-1', 'org-a');
      // Above 10,000: the count of a moment ago, until it is 10 seconds old.
      expect(await totalOf('org-a')).toBe(90_000);
      await add('extra-b-2', 'org-b');
      expect(await totalOf('org-b')).toBe(10_001);
      await db.query(`DELETE FROM rm_posts WHERE id LIKE 'extra-%'`);
    });

    it('websites by name', async () => {
      const { result, all } = await planOf(
        WEBSITES_LIST,
        { range: '[0,24]' },
        websiteScope(viewer({ 'org-a': 'owner' }), 'organisation_id', 'id'),
      );
      expect(result.rows).toHaveLength(25);
      expect(result.total).toBe(90_000);
      expectIndexWalk(all, 'rm_websites', 'rm_websites_organisation_name');
    });
  });
}
