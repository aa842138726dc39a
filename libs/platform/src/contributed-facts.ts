import type { SqlExecutor } from '#libs/eventstore/src/index.js';

/**
 * Platform registries of facts the organisations context shows or decides on but other contexts
 * own (DESIGN.md "Contexts and their directions": a context contributes to platform registries
 * instead of being imported by them). Each context contributes in its Nest module; the answers
 * come from that context's own query functions.
 */

/** What a context knows of a member's work in an organisation (the posts context: posts written, posts held). */
export interface MemberWork {
  /** How many records each of these users wrote in the organisation (the members list's `posts`). */
  writtenCounts(db: SqlExecutor, organisationId: string, userIds: readonly string[]): Promise<Map<string, number>>;
  /** How many unfinished records name the user as a contributor (on one website, if given): the member stays while any do. */
  contributorCount(db: SqlExecutor, organisationId: string, userId: string, websiteId?: string): Promise<number>;
}

const MEMBER_WORK: MemberWork[] = [];

export function contributeMemberWork(work: MemberWork): void {
  if (!MEMBER_WORK.includes(work)) MEMBER_WORK.push(work);
}

/** Each user's written records over every contributing context. */
export async function writtenCounts(
  db: SqlExecutor,
  organisationId: string,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  const total = new Map<string, number>();
  for (const work of MEMBER_WORK) {
    for (const [userId, n] of await work.writtenCounts(db, organisationId, userIds))
      total.set(userId, (total.get(userId) ?? 0) + n);
  }
  return total;
}

/** The user's unfinished records as a contributor over every contributing context. */
export async function contributorCount(
  db: SqlExecutor,
  organisationId: string,
  userId: string,
  websiteId?: string,
): Promise<number> {
  let total = 0;
  for (const work of MEMBER_WORK) total += await work.contributorCount(db, organisationId, userId, websiteId);
  return total;
}

/** Whether a website has sent something (the tracker works): contributed by the context that stores what it sends. */
export type InstallationSignal = (db: SqlExecutor, websiteId: string) => Promise<boolean>;

const INSTALLATION_SIGNALS: InstallationSignal[] = [];

export function contributeInstallationSignal(signal: InstallationSignal): void {
  if (!INSTALLATION_SIGNALS.includes(signal)) INSTALLATION_SIGNALS.push(signal);
}

/** Whether any contributing context has seen the website's tracker at work. */
export async function hasInstallationSignal(db: SqlExecutor, websiteId: string): Promise<boolean> {
  for (const signal of INSTALLATION_SIGNALS) if (await signal(db, websiteId)) return true;
  return false;
}

/** What a page needs to know of a bio (the experts context's): whose it is, which kind, and whether it is published. */
export interface BioSummary {
  id: string;
  userId: string | null;
  kind: string;
  status: string;
  displayName: string;
}

/** The bios of the people a page credits: contributed by the context that keeps the bios (experts), read by the one that credits them (posts). */
export interface CreditedBios {
  /** The bios of a website that belong to these people, or have this id. */
  bioSummaries(
    db: SqlExecutor,
    websiteId: string,
    userIds: readonly string[],
    bioId: string | null,
  ): Promise<BioSummary[]>;
  /** Whether `bioId` is an expert bio of the website. */
  isExpertBio(db: SqlExecutor, bioId: string, websiteId: string): Promise<boolean>;
}

let creditedBios: CreditedBios | null = null;

export function contributeCreditedBios(bios: CreditedBios): void {
  creditedBios = bios;
}

/** The bios of a website that belong to these people, or have this id (none without a context that keeps bios). */
export async function bioSummaries(
  db: SqlExecutor,
  websiteId: string,
  userIds: readonly string[],
  bioId: string | null,
): Promise<BioSummary[]> {
  return creditedBios ? creditedBios.bioSummaries(db, websiteId, userIds, bioId) : [];
}

/** Whether `bioId` is an expert bio of the website (never, without a context that keeps bios). */
export async function isExpertBio(db: SqlExecutor, bioId: string, websiteId: string): Promise<boolean> {
  return creditedBios ? creditedBios.isExpertBio(db, bioId, websiteId) : false;
}
