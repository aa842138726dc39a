// An invitation accepted in Debian's Chromium: the magic link of the mail signs the invitee in,
// they choose their password, and they are in the organisation's console.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setups, signIn } from '../e2e/setups.js';
import { CHROMIUM_PATH, openConsole, type ConsoleSession } from './chromium.js';

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.info(`Chromium not installed (${CHROMIUM_PATH}): browser tests skipped`);

const screenshots = fileURLToPath(new URL('../../test-results/', import.meta.url));
const OWNER = { email: 'owner@demo.example', password: 'Demo-pass-1' };
const ADMIN = { email: 'admin@platform.example', password: 'Admin-pass-1' };
const INVITEE = { email: 'ines@invited.example', name: 'Ines Invitee', password: 'Welcome-pass-7' };

const setup = setups[0];

describe.skipIf(!hasChromium || !setup)(`invitation acceptance in Chromium (${setup?.name})`, () => {
  let session: ConsoleSession;
  let page: Page;
  let magicLink = '';

  const shot = (name: string) => page.screenshot({ path: `${screenshots}invitation-${name}.png`, fullPage: true, animations: 'disabled' });

  beforeAll(async () => {
    session = await openConsole(setup);
    page = session.page;
    const owner = await signIn(session.app.url, OWNER);
    const orgId = (await owner.get('/api/auth/user')).body.organisations[0].id;
    // Both demo websites, as the console's invitation form preselects them.
    const websiteIds = ((await owner.get('/api/websites')).body as Array<{ id: string }>).map((w) => w.id);
    const invited = await owner.post('/api/members').send({ organisationId: orgId, email: INVITEE.email, name: INVITEE.name, cmsRole: 'editor', websiteIds });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const mails = (await (await signIn(session.app.url, ADMIN)).get('/api/admin/outbox')).body as Array<{ to: string; text: string }>;
    const text = mails.find((m) => m.to === INVITEE.email)!.text;
    magicLink = /(https?:\/\/\S+\/api\/auth\/magic\/\S+)/.exec(text)![1];
  }, 120_000);

  afterAll(async () => {
    await session?.close();
  });

  it('follows the magic link, sets the first password and lands in the console', async () => {
    await page.goto(magicLink);
    await page.waitForURL(/\/reset-initial-password$/);
    await page.getByText('Welcome! Choose your password').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('weakpass');
    await page.getByLabel('Confirm password').fill('weakpass');
    await page.getByRole('button', { name: 'Set password and continue' }).click();
    await page.getByText('Password must contain at least 1 capital letter').first().waitFor();
    await shot('01-weak');
    await page.getByLabel('Password', { exact: true }).fill(INVITEE.password);
    await page.getByLabel('Confirm password').fill(INVITEE.password);
    await page.getByRole('button', { name: 'Set password and continue' }).click();
    await page.getByText(`Welcome, ${INVITEE.name}`).waitFor();
    await page.goto(`${session.app.url}/#/websites`);
    await page.getByText('Demo Blog').waitFor();
    await shot('02-in-console');
    expect(session.pageErrors).toEqual([]);
    expect(session.serverErrors).toEqual([]);
  });

  it('the used link leads to "Your link has expired"', async () => {
    await page.goto(magicLink);
    await page.waitForURL(/\/link-expired$/);
    await page.getByText('Your link has expired').first().waitFor();
    await shot('03-expired');
  });
});
