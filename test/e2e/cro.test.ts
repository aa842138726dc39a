// The CRO resources over the real HTTP stack (issue 13; DESIGN.md "CRO resources: the request
// shapes", "State machines decided here"; seed 001 sections 5 and 8 for the messages). The role
// tables of each machine are tested in full on the deciders (test/unit/cro-*.test.ts); here each
// route is driven once by a role that may and once by one that may not, with the answers written
// out by hand: 201/200 with the status the machine names, 403 for who, 422 with the spec's words,
// 409 for a product in use, 404 across organisations, "Upgrade to access" without the product.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import {
  EDITOR,
  OWNER,
  WRITER,
  boot,
  listQuery,
  newAgent,
  setups,
  signIn,
  until,
  type Agent,
  type Booted,
} from './setups.js';

const CHECKER = { email: 'checker@demo.example', password: 'Demo-pass-1' };

for (const setup of setups) {
  describe(`CRO resources over HTTP (${setup.name})`, () => {
    let t: Booted;
    let owner: Agent;
    let editor: Agent;
    let writer: Agent;
    let checker: Agent;
    let shopId: string;
    let domain: string;
    let organisationId: string;

    /** Gives a demo member a CRO role (the owner changes their access). */
    const croRole = async (email: string, role: string) => {
      const members = (await owner.get(`/api/members?${listQuery({ filter: { organisationId }, range: [0, 99] })}`))
        .body as Array<{ id: string; email: string }>;
      const member = members.find((m) => m.email === email)!;
      const changed = await owner.put(`/api/members/${member.id}`).send({ croRole: role });
      expectWith(changed.status, JSON.stringify(changed.body)).toBe(200);
    };

    beforeAll(async () => {
      t = await boot(setup);
      [owner, editor, writer, checker] = await Promise.all(
        [OWNER, EDITOR, WRITER, CHECKER].map((who) => signIn(t.url, who)),
      );
      const websites = (await owner.get('/api/websites')).body as Array<{
        id: string;
        name: string;
        domain: string;
        organisationId: string;
      }>;
      const shop = websites.find((w) => w.name === 'Demo Shop')!;
      [shopId, domain, organisationId] = [shop.id, shop.domain, shop.organisationId];
      // Eddie edits CTAs and campaigns, Wendy drafts them, Rita only looks.
      await croRole(EDITOR.email, 'editor');
      await croRole(WRITER.email, 'creator');
      await croRole(CHECKER.email, 'viewer');
    }, 60_000);
    afterAll(async () => t?.stop());

    it("answers the values of the request shapes' fields, the console's choices (GET /api/{resource}/options)", async () => {
      // Written out from DESIGN.md "CRO resources: the request shapes", in its order.
      const values = async (resource: string) => {
        const res = await writer.get(`/api/${resource}/options`);
        expectWith(res.status, resource).toBe(200);
        return res.body.values as Record<string, string[]>;
      };
      const ctas = await values('ctas');
      expect(ctas.type).toEqual([
        'form',
        'popup',
        'inline',
        'bar',
        'product_review',
        'top_products',
        'rating',
        'product_cta',
        'banner',
        'carousel',
      ]);
      expect(ctas.triggerKind).toEqual([
        'page_load',
        'time_on_page',
        'scroll_percentage',
        'scroll_to_element',
        'click_elements',
        'exit_intent',
      ]);
      expect(ctas.frequency).toEqual(['every_time', 'until_closed', 'once', 'every_day', 'every_week']);
      expect(ctas.layout).toEqual(['modal', 'slide_in', 'pane']);
      expect(ctas.width).toEqual(['full', 'half', 'third', '20%']);
      expect(ctas.device).toEqual(['desktop', 'tablet', 'mobile']);
      expect(ctas.itemType).toEqual(expect.arrayContaining(['email', 'button', 'dropdown', 'consent']));
      expect(await values('campaigns')).toEqual({
        position: ['above', 'below'],
        selectorType: ['css', 'xpath'],
        device: ['desktop', 'tablet', 'mobile'],
        pageRuleOperator: ['and', 'or'],
        pageRuleKind: ['contains', 'not_contains', 'exact', 'list'],
      });
      const experiments = await values('experiments');
      expect([experiments.testType, experiments.endRuleMode]).toEqual([
        ['ab', 'split_url', 'multivariate'],
        ['manual', 'any', 'all'],
      ]);
      expect(await values('goals')).toEqual({
        type: ['count', 'value'],
        filterOperator: ['equals', 'not_equals', 'contains', 'exists'],
      });
      expect(await values('url-lists')).toEqual({ ruleKind: ['contains', 'exact'] });
      expect(await values('funnels')).toEqual({ filterOperator: ['equals', 'not_equals', 'contains', 'exists'] });
      expect(await values('products')).toEqual({});
    });

    it('refuses an organisation without the CRO product: "Upgrade to access"', async () => {
      const agent = newAgent(t.url);
      const signup = await agent
        .post('/api/auth/signup')
        .send({ email: 'starter@cro.example', password: 'Starter-pass-1', name: 'Stan', orgName: 'Stan Co' });
      expectWith(signup.status, JSON.stringify(signup.body)).toBe(201);
      const site = await agent.post('/api/websites').send({ name: 'Stan shop', url: 'https://stan-shop.example' });
      expectWith(site.status, JSON.stringify(site.body)).toBe(201);
      for (const resource of ['ctas', 'campaigns', 'experiments', 'products', 'goals', 'url-lists']) {
        const list = await agent.get(`/api/${resource}`);
        expectWith({ resource, status: list.status, message: list.body.message }, resource).toEqual({
          resource,
          status: 403,
          message: 'Upgrade to access',
        });
      }
      const created = await agent.post('/api/products').send({ websiteId: site.body.id, name: 'Pot' });
      expect({ status: created.status, message: created.body.message }).toEqual({
        status: 403,
        message: 'Upgrade to access',
      });
    });

    it("products: the spec's messages; a product a CTA promotes cannot be deleted", async () => {
      const nameless = await editor.post('/api/products').send({ websiteId: shopId });
      expect(nameless.status).toBe(422);
      expect(nameless.body.errors).toMatchObject({ name: 'Please enter a product name.' });
      const badScore = await editor.post('/api/products').send({ websiteId: shopId, name: 'Can', score: 11 });
      expect(badScore.status).toBe(422);
      expect(Object.keys(badScore.body.errors)).toEqual(['score']);
      // A creator (Wendy) does not manage products.
      expect((await writer.post('/api/products').send({ websiteId: shopId, name: 'Can' })).status).toBe(403);

      const product = await editor
        .post('/api/products')
        .send({ websiteId: shopId, name: 'Brass watering can', score: 9, starRating: 4.5 });
      expectWith(product.status, JSON.stringify(product.body)).toBe(201);
      expect(product.body).toMatchObject({
        name: 'Brass watering can',
        score: 9,
        starRating: 4.5,
        status: 'active',
        websiteId: shopId,
        organisationId,
        version: 1,
      });
      expect(product.body.allowedActions).toEqual(expect.arrayContaining(['Update', 'Delete']));

      const tooMany = await editor.post('/api/ctas').send({
        websiteId: shopId,
        name: 'Top four',
        type: 'top_products',
        items: [],
        productIds: [product.body.id, product.body.id, product.body.id, product.body.id],
      });
      expect(tooMany.status).toBe(422);
      expect(JSON.stringify(tooMany.body)).toContain('A maximum of 3 products can be selected');
      const cta = await editor.post('/api/ctas').send({
        websiteId: shopId,
        name: 'Our pick',
        type: 'product_cta',
        items: [{ type: 'button', label: 'Buy' }],
        productIds: [product.body.id],
      });
      expectWith(cta.status, JSON.stringify(cta.body)).toBe(201);

      const removed = await editor.delete(`/api/products/${product.body.id}`);
      expect({ status: removed.status, message: removed.body.message }).toEqual({
        status: 409,
        message: 'Error: The Product is Used by other element',
      });
      expect((await editor.get(`/api/products/${product.body.id}`)).body.status).toBe('active');
    });

    it('goals: a name and a conversion type are required', async () => {
      const nameless = await owner
        .post('/api/goals')
        .send({ websiteId: shopId, type: 'count', event: 'form_submitted' });
      expect(nameless.status).toBe(422);
      expect(nameless.body.errors).toMatchObject({ name: 'Please enter a goal name.' });
      const typeless = await owner
        .post('/api/goals')
        .send({ websiteId: shopId, name: 'Sign-ups', event: 'form_submitted' });
      expect(typeless.status).toBe(422);
      expect(typeless.body.errors).toMatchObject({ type: 'Please select a conversion type.' });
      // Goals are the analysts' and managers' (and admins'): an editor does not define them.
      expect(
        (
          await editor
            .post('/api/goals')
            .send({ websiteId: shopId, name: 'Sign-ups', type: 'count', event: 'form_submitted' })
        ).status,
      ).toBe(403);
      const goal = await owner
        .post('/api/goals')
        .send({ websiteId: shopId, name: 'Sign-ups', type: 'count', event: 'form_submitted' });
      expectWith(goal.status, JSON.stringify(goal.body)).toBe(201);
      expect(goal.body).toMatchObject({ name: 'Sign-ups', type: 'count', event: 'form_submitted', status: 'active' });
    });

    it("CTAs: a creator drafts and submits; publishing is an editor's, refused with the spec's words when incomplete", async () => {
      const form = await writer.post('/api/ctas').send({
        websiteId: shopId,
        name: 'Newsletter',
        type: 'form',
        items: [{ type: 'email', label: 'Email', name: 'email', required: true }],
      });
      expectWith(form.status, JSON.stringify(form.body)).toBe(201);
      expect(form.body).toMatchObject({ status: 'draft', name: 'Newsletter', type: 'form', websiteId: shopId });
      expect(form.body.allowedActions).toEqual(expect.arrayContaining(['Update', 'SubmitForReview']));
      expect(form.body.allowedActions).not.toContain('Publish');
      const id = form.body.id as string;

      const submitted = await writer.post(`/api/ctas/${id}/actions/SubmitForReview`).send({ expectedVersion: 1 });
      expectWith(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      expect(submitted.body.status).toBe('review');
      expect((await writer.post(`/api/ctas/${id}/actions/Publish`).send({})).status).toBe(403);

      // A form without a button is not complete.
      const incomplete = await editor.post(`/api/ctas/${id}/actions/Publish`).send({});
      expect({ status: incomplete.status, message: incomplete.body.message }).toEqual({
        status: 422,
        message: 'CTA publish failed',
      });
      const fixed = await editor
        .put(`/api/ctas/${id}`)
        .send({ ...submitted.body, items: [...submitted.body.items, { type: 'button', label: 'Join' }] });
      expectWith(fixed.status, JSON.stringify(fixed.body)).toBe(200);
      const published = await editor
        .post(`/api/ctas/${id}/actions/Publish`)
        .send({ expectedVersion: fixed.body.version });
      expectWith(published.status, JSON.stringify(published.body)).toBe(200);
      expect(published.body.status).toBe('active');

      // Rita (viewer) reads it; nothing is offered to her; its history is not hers (a viewer, like
      // demo mode, reads the records only: libs/cro/src/domain/roles.ts CRO_INSIGHT_READERS).
      const seen = await checker.get(`/api/ctas/${id}`);
      expect(seen.status).toBe(200);
      expect(seen.body.allowedActions).toEqual([]);
      expect((await checker.get(`/api/ctas/${id}/history`)).status).toBe(403);
      const history = await editor.get(`/api/ctas/${id}/history`);
      expect(history.status).toBe(200);
      expect((history.body as unknown[]).length).toBe(4);
    });

    it('CTAs: a button keeps its link and an input its placeholder; a link that is no web address is refused', async () => {
      const items = [
        { type: 'email', label: 'Email', name: 'email', required: true, placeholder: 'you@example.com' },
        { type: 'button', label: 'See the offer', url: 'https://shop.example/offer?from=cta' },
        { type: 'button', label: 'Our story', url: '/about' },
      ];
      const created = await owner
        .post('/api/ctas')
        .send({ websiteId: shopId, name: 'Linked CTA', type: 'form', items });
      expectWith(created.status, JSON.stringify(created.body)).toBe(201);
      expect((await owner.get(`/api/ctas/${created.body.id}`)).body.items).toEqual(items);
      for (const url of ['javascript:alert(1)', '//evil.example/x', 'data:text/html,hi', 'shop.example/offer']) {
        const refused = await owner.post('/api/ctas').send({
          websiteId: shopId,
          name: 'Bad link',
          type: 'form',
          items: [{ type: 'button', label: 'Go', url }],
        });
        expectWith([refused.status, refused.body.errors?.['items.0.url']], url).toEqual([
          422,
          'Link must start with https://, http:// or /',
        ]);
      }
    });

    it('CTAs: the Wizards and Surveys tabs filter by subtype in the list API, counted as such', async () => {
      const button = { type: 'button', label: 'Next' };
      const made: Record<string, string> = {};
      for (const [name, type, subtype] of [
        ['Tab wizard', 'form', 'wizard'],
        ['Tab survey', 'popup', 'survey'],
        ['Tab plain form', 'form', undefined],
      ] as const) {
        const created = await writer
          .post('/api/ctas')
          .send({ websiteId: shopId, name, type, ...(subtype ? { subtype } : {}), items: [button] });
        expectWith(created.status, JSON.stringify(created.body)).toBe(201);
        made[name] = created.body.id;
      }
      const tab = async (filter: Record<string, unknown>) => {
        const res = await writer.get(
          `/api/ctas?${listQuery({ filter: { websiteId: shopId, q: 'Tab ', ...filter }, range: [0, 0] })}`,
        );
        expectWith(res.status, JSON.stringify(res.body)).toBe(200);
        return { names: (res.body as Array<{ name: string }>).map((c) => c.name), total: res.headers['content-range'] };
      };
      // One row a page: the total is the server's count of that subtype, not of the page.
      expect(await tab({ type: ['form', 'popup'], subtype: 'wizard' })).toEqual({
        names: ['Tab wizard'],
        total: 'ctas 0-0/1',
      });
      expect(await tab({ type: ['form', 'popup'], subtype: 'survey' })).toEqual({
        names: ['Tab survey'],
        total: 'ctas 0-0/1',
      });
      expect((await tab({ type: ['form'] })).total).toBe('ctas 0-0/2');
    });

    it('a campaign placing a CTA that is not live says so, naming the CTA; a live CTA names the live campaigns placing it', async () => {
      const cta = await owner.post('/api/ctas').send({
        websiteId: shopId,
        name: 'Placed sign-up',
        type: 'form',
        items: [
          { type: 'email', label: 'Email', name: 'email', required: true },
          { type: 'button', label: 'Go' },
        ],
      });
      expectWith(cta.status, JSON.stringify(cta.body)).toBe(201);
      const campaign = await owner.post('/api/campaigns').send({
        websiteId: shopId,
        name: 'Placing campaign',
        url: `https://${domain}/placing/`,
        containers: [
          {
            name: 'Top',
            ctaId: cta.body.id,
            devices: ['desktop'],
            position: 'above',
            selector: 'h1',
            selectorType: 'css',
          },
        ],
        pageRules: { operator: 'or', rules: [{ kind: 'contains', value: `https://${domain}/placing` }] },
      });
      expectWith(campaign.status, JSON.stringify(campaign.body)).toBe(201);
      const notLive = 'The CTA “Placed sign-up” is not live: its container shows nothing until it is published';
      expect(campaign.body.placementWarnings).toEqual([notLive]);
      // Published anyway, with the warning in its answer and in the list.
      const published = await owner.post(`/api/campaigns/${campaign.body.id}/actions/Publish`).send({});
      expect([published.status, published.body.status, published.body.placementWarnings]).toEqual([
        200,
        'live',
        [notLive],
      ]);
      const listed = (
        await owner.get(`/api/campaigns?${listQuery({ filter: { websiteId: shopId }, range: [0, 199] })}`)
      ).body as Array<{ id: string; placementWarnings: string[] }>;
      expect(listed.find((c) => c.id === campaign.body.id)?.placementWarnings).toEqual([notLive]);
      // The CTA goes live: no warning; it names the live campaign that places it.
      const live = await owner.post(`/api/ctas/${cta.body.id}/actions/Publish`).send({});
      expect([live.status, live.body.status, live.body.liveCampaigns]).toEqual([
        200,
        'active',
        [{ id: campaign.body.id, name: 'Placing campaign' }],
      ]);
      expect((await owner.get(`/api/campaigns/${campaign.body.id}`)).body.placementWarnings).toEqual([]);
      // Taken off again (SaveDraft): the campaign warns again.
      const off = await owner.post(`/api/ctas/${cta.body.id}/actions/SaveDraft`).send({});
      expect([off.status, off.body.status]).toEqual([200, 'draft']);
      expect((await owner.get(`/api/campaigns/${campaign.body.id}`)).body.placementWarnings).toEqual([notLive]);
    });

    it("campaigns: the spec's validation, the rule tester, review then live, and a duplicate as a draft", async () => {
      const base = {
        websiteId: shopId,
        name: 'Spring guides',
        url: `https://${domain}/guides/`,
        containers: [],
        pageRules: { operator: 'or', rules: [{ kind: 'contains', value: `https://${domain}/guides/*` }] },
      };
      const nameless = await writer.post('/api/campaigns').send({ ...base, name: '   ' });
      expect(nameless.status).toBe(422);
      expect(nameless.body.errors).toMatchObject({ name: 'Campaign name must not be empty' });
      const elsewhere = await writer.post('/api/campaigns').send({ ...base, url: 'https://other.example/guides/' });
      expect(elsewhere.status).toBe(422);
      expect(elsewhere.body.errors).toMatchObject({
        url: 'The page url domain should be the same as your website domain',
      });
      const notUrl = await writer.post('/api/campaigns').send({ ...base, url: 'guides' });
      expect(notUrl.status).toBe(422);
      expect(notUrl.body.errors).toMatchObject({ url: 'Please enter a valid content page URL.' });
      const plainHttp = await writer.post('/api/campaigns').send({
        ...base,
        pageRules: { operator: 'or', rules: [{ kind: 'contains', value: `http://${domain}/guides` }] },
      });
      expect(plainHttp.status).toBe(422);
      expect(JSON.stringify(plainHttp.body)).toContain('Please provide a valid url, starting with https://');

      const created = await writer.post('/api/campaigns').send(base);
      expectWith(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.status).toBe('draft');
      const id = created.body.id as string;
      const match = await checker.get(
        `/api/campaigns/${id}/match?url=${encodeURIComponent(`https://${domain}/guides/repotting`)}`,
      );
      expectWith(match.status, JSON.stringify(match.body)).toBe(200);
      expect(match.body).toEqual({
        matches: true,
        rules: [{ kind: 'contains', value: `https://${domain}/guides/*`, matches: true }],
      });
      const miss = await checker.get(`/api/campaigns/${id}/match?url=${encodeURIComponent(`https://${domain}/cart`)}`);
      expect(miss.body.matches).toBe(false);

      // Straight from draft to live is an admin's step; an editor publishes from review.
      expect((await editor.post(`/api/campaigns/${id}/actions/Publish`).send({})).status).toBe(403);
      expect((await writer.post(`/api/campaigns/${id}/actions/SubmitForReview`).send({})).body.status).toBe('review');
      const live = await editor.post(`/api/campaigns/${id}/actions/Publish`).send({});
      expectWith(live.status, JSON.stringify(live.body)).toBe(200);
      expect(live.body).toMatchObject({ status: 'live', warnings: [] });

      const copy = await writer.post(`/api/campaigns/${id}/actions/Duplicate`).send({});
      expectWith(copy.status, JSON.stringify(copy.body)).toBe(200);
      const duplicate = await writer.get(`/api/campaigns/${copy.body.copyId}`);
      expectWith(duplicate.status, JSON.stringify(duplicate.body)).toBe(200);
      expect(duplicate.body).toMatchObject({
        name: 'Spring guides (copy)',
        status: 'draft',
        duplicatedFrom: id,
        url: base.url,
      });

      // A campaign whose rules match nothing is published with the warning that it has no effect.
      const nowhere = await owner.post('/api/campaigns').send({
        ...base,
        name: 'Nowhere',
        pageRules: {
          operator: 'and',
          rules: [
            { kind: 'exact', value: `https://${domain}/a` },
            { kind: 'exact', value: `https://${domain}/b` },
          ],
        },
      });
      expectWith(nowhere.status, JSON.stringify(nowhere.body)).toBe(201);
      const warned = await owner.post(`/api/campaigns/${nowhere.body.id}/actions/Publish`).send({});
      expectWith(warned.status, JSON.stringify(warned.body)).toBe(200);
      expect(warned.body).toMatchObject({
        status: 'live',
        warnings: ['The page rules match no URL: this campaign has no effect'],
      });
    });

    it("experiments: the spec's validation; completed and deployed, a completed test cannot be edited", async () => {
      const goal = await owner
        .post('/api/goals')
        .send({ websiteId: shopId, name: 'Clicks', type: 'count', event: 'cta_click' });
      expectWith(goal.status, JSON.stringify(goal.body)).toBe(201);
      const base = {
        websiteId: shopId,
        name: 'Hero headline',
        pageUrl: `https://${domain}/`,
        testType: 'ab',
        goalId: goal.body.id,
        variants: [
          { key: 'control', weight: 50 },
          { key: 'b', weight: 50 },
        ],
      };
      const nameless = await owner.post('/api/experiments').send({ ...base, name: '' });
      expect(nameless.status).toBe(422);
      expect(nameless.body.errors).toMatchObject({ name: 'Please enter a name for the test' });
      const lopsided = await owner.post('/api/experiments').send({
        ...base,
        variants: [
          { key: 'control', weight: 50 },
          { key: 'b', weight: 60 },
        ],
      });
      expect(lopsided.status).toBe(422);
      expect(JSON.stringify(lopsided.body)).toContain('Variant weights must add up to 100 percent');
      const heavy = await owner.post('/api/experiments').send({
        ...base,
        variants: [
          { key: 'control', weight: -10 },
          { key: 'b', weight: 110 },
        ],
      });
      expect(heavy.status).toBe(422);
      expect(JSON.stringify(heavy.body)).toContain('Variant weight 0 to 100 percent');
      // A creator does not run experiments.
      expect((await writer.post('/api/experiments').send(base)).status).toBe(403);

      const created = await owner.post('/api/experiments').send(base);
      expectWith(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.id as string;
      expect(created.body).toMatchObject({ status: 'draft', significanceThreshold: 0.95 });
      expect((await owner.post(`/api/experiments/${id}/actions/Publish`).send({})).body.status).toBe('live');
      const live = await owner.delete(`/api/experiments/${id}`);
      expect(live.status).toBe(422);
      const noWinner = await owner.post(`/api/experiments/${id}/actions/CompleteAndDeploy`).send({});
      expect(noWinner.status).toBe(422);
      const deployed = await owner.post(`/api/experiments/${id}/actions/CompleteAndDeploy`).send({ variant: 'b' });
      expectWith(deployed.status, JSON.stringify(deployed.body)).toBe(200);
      expect(deployed.body).toMatchObject({ status: 'completed_deployed', deployedVariant: 'b' });
      expect(deployed.body.allowedActions).not.toContain('Update');
      const edited = await owner.put(`/api/experiments/${id}`).send({ name: 'Renamed' });
      expect(edited.status).toBe(422);
    });

    it("bulk status changes: one result per campaign, the spec's message for each failure", async () => {
      const make = async (name: string) =>
        (
          await writer.post('/api/campaigns').send({
            websiteId: shopId,
            name,
            url: `https://${domain}/`,
            containers: [],
            pageRules: { operator: 'or', rules: [] },
          })
        ).body.id as string;
      const [a, b] = [await make('Bulk A'), await make('Bulk B')];
      const submitted = await writer
        .post('/api/campaigns/bulk-actions')
        .send({ action: 'SubmitForReview', ids: [a, b] });
      expectWith(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      expect(submitted.body).toEqual({
        results: [
          { id: a, ok: true, status: 'review' },
          { id: b, ok: true, status: 'review' },
        ],
      });
      // Wendy (creator) may not publish: each campaign fails with the spec's words.
      const refused = await writer.post('/api/campaigns/bulk-actions').send({ action: 'Publish', ids: [a, b] });
      expect(
        refused.body.results.map((r: { id: string; ok: boolean; error: string }) => [r.id, r.ok, r.error]),
      ).toEqual([
        [a, false, 'failed to change status to live. Please try again later.'],
        [b, false, 'failed to change status to live. Please try again later.'],
      ]);
      const back = await editor.post('/api/campaigns/bulk-actions').send({ action: 'SubmitForDraft', ids: [a] });
      expect(back.body).toEqual({ results: [{ id: a, ok: true, status: 'draft' }] });
      // From draft an editor may not publish; from review they may: one of each.
      const mixed = await editor.post('/api/campaigns/bulk-actions').send({ action: 'Publish', ids: [a, b] });
      expect(
        mixed.body.results.map((r: { ok: boolean; status?: string; error?: string }) => [r.ok, r.status ?? r.error]),
      ).toEqual([
        [false, 'failed to change status to live. Please try again later.'],
        [true, 'live'],
      ]);
      expect((await editor.post('/api/campaigns/bulk-actions').send({ action: 'Generate2', ids: [a] })).status).toBe(
        422,
      );
      expect((await editor.post('/api/products/bulk-actions').send({ action: 'Publish', ids: [a] })).status).toBe(404);
    });

    it("templates: the starters of each type and a CTA exported as the organisation's own", async () => {
      const popups = await editor.get(`/api/cta-templates?${listQuery({ filter: { type: 'popup' } })}`);
      expectWith(popups.status, JSON.stringify(popups.body)).toBe(200);
      expect(popups.body.map((t: { name: string; builtIn: boolean }) => [t.name, t.builtIn])).toEqual([
        ['Exit-intent offer', true],
        ['Scroll slide-in', true],
      ]);
      const cta = await editor.post('/api/ctas').send({
        websiteId: shopId,
        name: 'Quiz',
        type: 'form',
        items: [
          { type: 'short_text', label: 'Answer' },
          { type: 'button', label: 'Go' },
        ],
      });
      const exported = await editor
        .post(`/api/ctas/${cta.body.id}/actions/ExportAsTemplate`)
        .send({ name: 'Our quiz' });
      expectWith(exported.status, JSON.stringify(exported.body)).toBe(200);
      const forms = (await editor.get(`/api/cta-templates?${listQuery({ filter: { type: 'form' } })}`)).body as Array<{
        name: string;
        builtIn: boolean;
        template: { items: unknown[] };
      }>;
      expect(forms.map((t) => [t.name, t.builtIn])).toEqual([
        ['Newsletter sign-up', true],
        ['Contact form', true],
        ['One-question survey', true],
        ['Our quiz', false],
      ]);
      expect(forms[3]!.template.items).toEqual([
        { type: 'short_text', label: 'Answer' },
        { type: 'button', label: 'Go' },
      ]);
      // Another organisation does not see it.
      const stranger = newAgent(t.url);
      await stranger
        .post('/api/auth/signup')
        .send({ email: 'templates@cro.example', password: 'Templates-pass-1', name: 'Tess', orgName: 'Tess Co' });
      const tessOrg = (await stranger.get('/api/auth/user')).body.organisations[0].id;
      await stranger.post(`/api/organisations/${tessOrg}/actions/ChangePlan`).send({ plan: 'scale' });
      const theirs = (await stranger.get(`/api/cta-templates?${listQuery({ filter: { type: 'form' } })}`))
        .body as Array<{ name: string }>;
      expect(theirs.map((t) => t.name)).toEqual(['Newsletter sign-up', 'Contact form', 'One-question survey']);
    });

    it('a webhook integration: the secret is made by the server, shown once, never in the record or its history', async () => {
      const cta = await editor.post('/api/ctas').send({
        websiteId: shopId,
        name: 'Hooked',
        type: 'form',
        items: [
          { type: 'email', label: 'Email' },
          { type: 'button', label: 'Go' },
        ],
      });
      const connected = await editor.post(`/api/ctas/${cta.body.id}/actions/ConnectIntegration`).send({
        kind: 'webhook',
        settings: { url: 'https://hooks.example.com/cta', secret: 'chosen-by-the-client-0000' },
      });
      expectWith(connected.status, JSON.stringify(connected.body)).toBe(200);
      expect(connected.body.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // The URL is a secret too (issue 25): only its hint is answered.
      expect(connected.body.integrations).toEqual([
        {
          kind: 'webhook',
          settings: {
            urlHint: 'https://hooks.example.com/••••••••/cta',
            secretHint: `••••••••${connected.body.secret.slice(-4)}`,
          },
        },
      ]);
      const again = await editor.get(`/api/ctas/${cta.body.id}`);
      expect(JSON.stringify(again.body)).not.toContain(connected.body.secret);
      const history = await editor.get(`/api/ctas/${cta.body.id}/history`);
      expect(JSON.stringify(history.body)).not.toContain(connected.body.secret);
      expect(JSON.stringify(history.body)).not.toContain('chosen-by-the-client');
      // A creator may not connect one.
      expect(
        (
          await writer
            .post(`/api/ctas/${cta.body.id}/actions/ConnectIntegration`)
            .send({ kind: 'zapier', settings: { url: 'https://hooks.zapier.com/x' } })
        ).status,
      ).toBe(403);
      const gone = await editor
        .post(`/api/ctas/${cta.body.id}/actions/DisconnectIntegration`)
        .send({ kind: 'webhook' });
      expectWith(gone.status, JSON.stringify(gone.body)).toBe(200);
      expect(gone.body.integrations).toEqual([]);
    });

    it("generates a campaign's CTAs from a template and the website's products, in the background", async () => {
      const site = await owner.post('/api/websites').send({ name: 'Gen Garden', url: 'https://gen-garden.example' });
      expectWith(site.status, JSON.stringify(site.body)).toBe(201);
      for (const name of ['Rake', 'Hoe'])
        expect((await owner.post('/api/products').send({ websiteId: site.body.id, name })).status).toBe(201);
      const campaign = await owner.post('/api/campaigns').send({
        websiteId: site.body.id,
        name: 'Tools',
        url: 'https://gen-garden.example/tools',
        containers: [],
        pageRules: { operator: 'or', rules: [] },
      });
      expectWith(campaign.status, JSON.stringify(campaign.body)).toBe(201);
      const unknown = await owner
        .post(`/api/campaigns/${campaign.body.id}/actions/Generate`)
        .send({ templateId: 'no-such-template' });
      expect({ status: unknown.status, errors: unknown.body.errors }).toEqual({
        status: 422,
        errors: { templateId: 'Template not found' },
      });
      const started = await owner
        .post(`/api/campaigns/${campaign.body.id}/actions/Generate`)
        .send({ templateId: 'starter-product-cta' });
      expectWith(started.status, JSON.stringify(started.body)).toBe(200);
      const done = await until(
        'the generation to end',
        async () => (await owner.get(`/api/campaigns/${campaign.body.id}`)).body,
        (c) => Boolean(c.lastGeneration),
      );
      expect(done.generation).toBeNull();
      expect(done.lastGeneration).toMatchObject({ outcome: 'finished' });
      const ctas = await Promise.all(
        (done.lastGeneration.ctaIds as string[]).map(async (id) => (await owner.get(`/api/ctas/${id}`)).body),
      );
      const products = (await owner.get(`/api/products?${listQuery({ filter: { websiteId: site.body.id } })}`))
        .body as Array<{ id: string; name: string }>;
      const productId = (name: string) => products.find((p) => p.name === name)!.id;
      expect(ctas.map((c) => [c.name, c.type, c.status, c.productIds])).toEqual([
        ['Tools: Hoe', 'product_cta', 'draft', [productId('Hoe')]],
        ['Tools: Rake', 'product_cta', 'draft', [productId('Rake')]],
      ]);
      // While nothing runs there is nothing to cancel.
      expect((await owner.post(`/api/campaigns/${campaign.body.id}/actions/CancelGeneration`).send({})).status).toBe(
        422,
      );
    });

    it('generates in bulk: one result per campaign, one template for all, an unknown template refused per campaign', async () => {
      const site = await owner.post('/api/websites').send({ name: 'Bulk Garden', url: 'https://bulk-garden.example' });
      expectWith(site.status, JSON.stringify(site.body)).toBe(201);
      expect((await owner.post('/api/products').send({ websiteId: site.body.id, name: 'Spade' })).status).toBe(201);
      const make = async (name: string) => {
        const made = await owner.post('/api/campaigns').send({
          websiteId: site.body.id,
          name,
          url: 'https://bulk-garden.example/tools',
          containers: [],
          pageRules: { operator: 'or', rules: [] },
        });
        expectWith(made.status, JSON.stringify(made.body)).toBe(201);
        return made.body.id as string;
      };
      const [first, second] = [await make('Spring'), await make('Autumn')];
      const noTemplate = await owner.post('/api/campaigns/bulk-actions').send({ action: 'Generate', ids: [first] });
      expect({ status: noTemplate.status, errors: noTemplate.body.errors }).toEqual({
        status: 422,
        errors: { templateId: 'Please choose a template.' },
      });
      const unknownTemplate = await owner
        .post('/api/campaigns/bulk-actions')
        .send({ action: 'Generate', ids: [first], templateId: 'no-such-template' });
      expect(unknownTemplate.body).toEqual({
        results: [
          {
            id: first,
            ok: false,
            error: 'failed to change status to generating. Please try again later.',
            reason: 'Template not found',
          },
        ],
      });
      const started = await owner
        .post('/api/campaigns/bulk-actions')
        .send({ action: 'Generate', ids: [first, second], templateId: 'starter-product-cta' });
      expectWith(started.status, JSON.stringify(started.body)).toBe(200);
      expect(started.body).toEqual({
        results: [
          { id: first, ok: true, status: 'generating' },
          { id: second, ok: true, status: 'generating' },
        ],
      });
      for (const id of [first, second]) {
        const done = await until(
          'the generation to end',
          async () => (await owner.get(`/api/campaigns/${id}`)).body,
          (c) => Boolean(c.lastGeneration),
        );
        expect(done.lastGeneration).toMatchObject({ outcome: 'finished' });
        expect(done.lastGeneration.ctaIds).toHaveLength(1);
      }
    });

    it('keeps each organisation to its own records, and a member without a CRO role out', async () => {
      const cta = (await editor.get(`/api/ctas?${listQuery({ filter: { websiteId: shopId } })}`)).body as Array<{
        id: string;
      }>;
      expect(cta.length).toBeGreaterThan(0);
      const stranger = newAgent(t.url);
      const signup = await stranger
        .post('/api/auth/signup')
        .send({ email: 'stranger@cro.example', password: 'Stranger-pass-1', name: 'Sven', orgName: 'Sven Co' });
      expect(signup.status).toBe(201);
      for (const resource of ['ctas', 'campaigns', 'products']) {
        const list = (await owner.get(`/api/${resource}`)).body as Array<{ id: string }>;
        const seen = await stranger.get(`/api/${resource}/${list[0]!.id}`);
        expectWith({ resource, status: seen.status }, resource).toEqual({ resource, status: 404 });
      }
      await croRole(CHECKER.email, 'none');
      const refused = await checker.get('/api/ctas');
      expect({ status: refused.status, message: refused.body.message }).toEqual({
        status: 403,
        message: 'Your CRO role gives you no access to conversion optimisation',
      });
      expect((await checker.get(`/api/ctas/${cta[0]!.id}`)).status).toBe(403);
      await croRole(CHECKER.email, 'viewer');
    });

    it('lists records in the audit with their names', async () => {
      const audit = (await owner.get(`/api/audit?${listQuery({ filter: { resource: 'campaign' }, range: [0, 99] })}`))
        .body as Array<{ recordName: string | null }>;
      expect(audit.map((a) => a.recordName)).toEqual(expect.arrayContaining(['Spring guides', 'Spring guides (copy)']));
    });
  });
}
