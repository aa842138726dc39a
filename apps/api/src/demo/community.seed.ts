import { ANSWER, QUESTION } from '#libs/community/src/domain/deciders.js';
import type { RegisteredDecider } from '#libs/platform/src/aggregate.js';
import { randomUUID } from 'node:crypto';
import type { CommandBus } from '@nestjs/cqrs';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import type { Actor } from '#libs/platform/src/decider.js';
import { DecideCommand, type DecideResult } from '#libs/platform/src/commands/decide.command.js';
import type { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';

interface Demo {
  db: SqlDriver;
  commands: CommandBus;
  projections: ProjectionManager;
}

/** A demo question: who asks it and the moderation steps it went through. */
interface DemoQuestion {
  by: 'owner' | 'writer';
  locale?: string;
  title: string;
  body: string;
  category: string;
  askedBy?: { name: string; email: string | null };
  steps: Array<{ action: string; data?: Record<string, unknown>; by?: 'owner' | 'editor' }>;
  answers?: Array<{ by: 'owner' | 'writer'; body: string; publish: boolean }>;
}

const QUESTIONS: DemoQuestion[] = [
  {
    by: 'owner',
    title: 'How do I reset my password?',
    body: 'I forgot my password and the reset email does not arrive. What can I do?',
    category: 'Account',
    askedBy: { name: 'Sam Reader', email: null },
    steps: [{ action: 'Publish' }],
    answers: [
      {
        by: 'owner',
        body: 'Use "Forgot password?" on the login page; the link is valid for one hour. Check your spam folder too.',
        publish: true,
      },
      {
        by: 'writer',
        body: 'If it still does not arrive, ask the support team to check the address on your account.',
        publish: false,
      },
    ],
  },
  {
    by: 'writer',
    title: 'Which payment methods do you accept?',
    body: 'Can I pay by bank transfer, or only by card?',
    category: 'Billing',
    askedBy: { name: 'Alex Buyer', email: 'alex.buyer@example.com' },
    steps: [],
  },
  {
    by: 'writer',
    title: 'Can I change the delivery address after ordering?',
    body: 'I moved last week and my order has not shipped yet.',
    category: 'Orders',
    steps: [{ action: 'Approve' }],
    answers: [
      {
        by: 'writer',
        body: 'Yes, as long as the order has not shipped: write to us with the order number.',
        publish: false,
      },
    ],
  },
  { by: 'owner', title: 'Is there a student discount?', body: '', category: 'Billing', steps: [] },
  {
    by: 'writer',
    title: 'Cheap followers, click here!!!',
    body: 'Best prices for followers and likes.',
    category: 'Other',
    steps: [{ action: 'Decline', data: { reason: 'Advertising: not a question about the blog' } }],
  },
  {
    by: 'owner',
    locale: 'de',
    title: 'Wie kündige ich mein Abonnement?',
    body: 'Ich finde die Kündigung in meinem Konto nicht.',
    category: 'Account',
    steps: [{ action: 'Publish' }],
    answers: [{ by: 'owner', body: 'Unter Konto → Abonnement → Kündigen, jederzeit zum Monatsende.', publish: true }],
  },
];

/**
 * The community of the demo's "Demo Blog": questions in every forum status (published, waiting
 * for the moderators, approved, draft, declined) and answers pending and published, decided
 * through the command bus like any user's.
 */
export async function seedCommunity(demo: Demo, organisationId: string): Promise<void> {
  const site = await demo.db.query<{ id: string }>(
    `SELECT id FROM rm_websites WHERE organisation_id = $1 AND name = 'Demo Blog'`,
    [organisationId],
  );
  const websiteId = site.rows[0]?.id;
  if (!websiteId) return;
  const members = await demo.db.query<{
    user_id: string;
    email: string;
    name: string;
    org_role: string;
    cms_role: string | null;
    cro_role: string | null;
  }>(
    `SELECT user_id, email, name, org_role, record->>'cmsRole' AS cms_role, record->>'croRole' AS cro_role FROM rm_members WHERE organisation_id = $1`,
    [organisationId],
  );
  // The roles the policy gives each demo member (rolesFor), read from their member records.
  const actorOf = (local: string): Actor | null => {
    const m = members.rows.find((row) => row.email === `${local}@demo.example`);
    return m
      ? {
          userId: m.user_id,
          name: m.name,
          roles: ['user', m.org_role, `cms:${m.cms_role ?? 'none'}`, `cro:${m.cro_role ?? 'none'}`],
        }
      : null;
  };
  const owner = actorOf('owner');
  if (!owner) return;
  // The writer asks as a creator would; without a writer, the owner asks.
  const writer = actorOf('writer') ?? owner;

  const run = async (
    aggregate: RegisteredDecider,
    id: string,
    type: string,
    actor: Actor,
    data: unknown,
    context?: unknown,
    expectedVersion?: number,
  ) => {
    const result: DecideResult = await demo.commands.execute(
      new DecideCommand(aggregate, id, { type, actor, data, context }, { organisationId, expectedVersion }),
    );
    await demo.projections.waitForResult(result);
    return result;
  };

  for (const q of QUESTIONS) {
    const id = randomUUID();
    let result = await run(QUESTION, id, 'Create', q.by === 'owner' ? owner : writer, {
      organisationId,
      websiteId,
      locale: q.locale ?? 'en',
      title: q.title,
      body: q.body,
      category: q.category,
      askedBy: q.askedBy ?? null,
    });
    for (const step of q.steps) {
      result = await run(QUESTION, id, step.action, owner, step.data ?? {}, undefined, result.version);
    }
    for (const a of q.answers ?? []) {
      const answerId = randomUUID();
      const question = { id, status: result.state.status, organisationId, websiteId };
      await run(
        ANSWER,
        answerId,
        'Create',
        a.by === 'owner' ? owner : writer,
        { body: a.body, answeredBy: null },
        { question },
      );
      if (a.publish) await run(ANSWER, answerId, 'Publish', owner, {});
    }
  }
}
