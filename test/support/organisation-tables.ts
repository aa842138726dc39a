/**
 * The organisations context's state machines, TYPED BY HAND from ../shared/DESIGN.md and the spec
 * (seeds 000 and 001), never read from the deciders: the unit tests (test/unit/member.decider.test.ts,
 * organisation.deciders.test.ts, user.decider.test.ts) and the HTTP test
 * (test/e2e/organisation-tables.test.ts) compare the product with these rows.
 *
 * Sources:
 * - DESIGN.md "State machines decided here": Member invitation `pending` -> `accepted` | `rejected`;
 *   `accepted` -> `inactive`. Two more moves a user of such a product expects (the brief and the
 *   console name them): a declined invitation may be sent again (`rejected` -> `pending`), and a
 *   deactivated member may be reactivated (`inactive` -> `accepted`).
 * - DESIGN.md "Trust boundary", Roles: only owners grant or revoke `owner` and manage an owner's
 *   membership (403); admins manage members and admins; nobody changes their own organisation
 *   role (403); the last active owner cannot be demoted, deactivated or removed (422).
 * - DESIGN.md "Shape": membership of an organisation follows the member aggregate through a
 *   process manager: the organisation's AddMember / RemoveMember are the system's only.
 * - DESIGN.md "HTTP conventions": 403 the role may not, 422 not allowed in this state (or a rule
 *   fails), 409 a conflict (a domain another website holds), 404 a record that does not exist
 *   (and, over HTTP, a record of an organisation the user is not a member of).
 * - Spec 000 section 5: "Admins cannot be removed from a website because they have access to all
 *   websites." / "A member listed as contributor on posts cannot be removed until others are
 *   assigned." / a website that already exists is rejected (409 here: the domain is taken).
 * - Spec 000 section 6: "An admin can list, upsert and delete users" (the platform admin).
 * - Billing (DESIGN.md is silent; the console's billing tab says "Only the organisation's owners
 *   can change its plan"): ChangePlan is the owners' (and platform admins', who may do everything).
 *
 * A cell is the status the action leads to, or the HTTP status of its refusal. A cell left out is
 * a case DESIGN.md does not decide (mostly the `system` actor, the process itself): not asserted.
 */

export const NEW = 'new' as const;
export type Refusal = 403 | 404 | 409 | 422;

/**
 * Who acts. Over HTTP: owner@demo.example (owner), an invited admin (admin), editor@demo.example
 * (member), a user of another organisation (outsider), admin@platform.example (platformAdmin),
 * the person whose record it is (self). In unit tests their roles are spelled out in `ACTORS`.
 */
export type Who = 'owner' | 'admin' | 'member' | 'outsider' | 'platformAdmin' | 'self' | 'system';
export type Cells<S extends string> = Partial<Record<Who, S | Refusal>>;

export const WHO: readonly Who[] = ['owner', 'admin', 'member', 'outsider', 'platformAdmin', 'self', 'system'];

/** The same outcome for everyone (a status nobody may start from). */
const everyone = (outcome: Refusal): Cells<never> => ({
  owner: outcome,
  admin: outcome,
  member: outcome,
  outsider: outcome,
  platformAdmin: outcome,
  self: outcome,
  system: outcome,
});

// ---------------------------------------------------------------------------------------------
// Member (invitation)
// ---------------------------------------------------------------------------------------------

export type MemberStatus = 'pending' | 'accepted' | 'rejected' | 'inactive';
export type MemberAction =
  | 'Join'
  | 'Invite'
  | 'Accept'
  | 'Decline'
  | 'Resend'
  | 'ChangeAccess'
  | 'RemoveFromWebsite'
  | 'Deactivate'
  | 'Reactivate'
  | 'GrantExistingWebsites';
export type OrgRole = 'owner' | 'admin' | 'member';

export interface MemberRow {
  action: MemberAction;
  from: MemberStatus | typeof NEW;
  /** The organisation role of the member acted on (for Invite and Join: the role they get). */
  target: OrgRole;
  /** What the command carries; absent: `MEMBER_DATA[action]` (an action that changes no role). */
  data?: Record<string, unknown>;
  /** How many active owners the organisation has (the last one stays). Absent: 2. */
  activeOwners?: number;
  /** Tells rows of the same action, status and target apart. */
  case?: string;
  by: Cells<MemberStatus>;
}

/** The command data of a row that gives none: nothing in it changes anybody's organisation role. */
export const MEMBER_DATA: Record<MemberAction, Record<string, unknown>> = {
  Join: {},
  Invite: {},
  Accept: {},
  Decline: {},
  Resend: {},
  ChangeAccess: { cmsRole: 'editor' },
  RemoveFromWebsite: { websiteId: 'w-1' },
  Deactivate: {},
  Reactivate: {},
  GrantExistingWebsites: { websiteIds: ['w-9'] },
};

/**
 * What owners, admins and platform admins may do and others may not (DESIGN.md: owners and admins
 * manage members), and what the person themselves gets (`undefined`: DESIGN.md does not say).
 */
const managed = (to: MemberStatus | Refusal, self: MemberStatus | Refusal | undefined): Cells<MemberStatus> => ({
  owner: to,
  admin: to,
  member: 403,
  outsider: 403,
  platformAdmin: to,
  ...(self === undefined ? {} : { self }),
});

export const MEMBER_TABLE: MemberRow[] = [
  // --- a member who is (or is to be) an ordinary member ---
  {
    action: 'Join',
    from: NEW,
    target: 'member',
    by: { owner: 403, admin: 403, member: 403, outsider: 403, platformAdmin: 403, self: 403, system: 'accepted' },
  },
  { action: 'Invite', from: NEW, target: 'member', by: managed('pending', 403) },
  { action: 'Accept', from: NEW, target: 'member', by: everyone(404) },
  { action: 'Decline', from: NEW, target: 'member', by: everyone(404) },
  { action: 'Resend', from: NEW, target: 'member', by: everyone(404) },
  { action: 'ChangeAccess', from: NEW, target: 'member', by: everyone(404) },
  { action: 'RemoveFromWebsite', from: NEW, target: 'member', by: everyone(404) },
  { action: 'Deactivate', from: NEW, target: 'member', by: everyone(404) },
  { action: 'Reactivate', from: NEW, target: 'member', by: everyone(404) },
  { action: 'GrantExistingWebsites', from: NEW, target: 'member', by: everyone(404) },

  { action: 'Join', from: 'pending', target: 'member', by: everyone(422) },
  { action: 'Invite', from: 'pending', target: 'member', by: everyone(422) },
  {
    action: 'Accept',
    from: 'pending',
    target: 'member',
    by: { owner: 403, admin: 403, member: 403, outsider: 403, platformAdmin: 403, self: 'accepted' },
  },
  {
    action: 'Decline',
    from: 'pending',
    target: 'member',
    by: { owner: 403, admin: 403, member: 403, outsider: 403, platformAdmin: 403, self: 'rejected' },
  },
  { action: 'Resend', from: 'pending', target: 'member', by: managed('pending', 403) },
  { action: 'ChangeAccess', from: 'pending', target: 'member', by: managed('pending', 403) },
  { action: 'RemoveFromWebsite', from: 'pending', target: 'member', by: managed('pending', 403) },
  { action: 'Deactivate', from: 'pending', target: 'member', by: everyone(422) },
  { action: 'Reactivate', from: 'pending', target: 'member', by: everyone(422) },
  {
    action: 'GrantExistingWebsites',
    from: 'pending',
    target: 'member',
    by: { owner: 403, admin: 403, member: 403, outsider: 403, platformAdmin: 403, self: 403, system: 'pending' },
  },

  { action: 'Join', from: 'accepted', target: 'member', by: everyone(422) },
  { action: 'Invite', from: 'accepted', target: 'member', by: everyone(422) },
  { action: 'Accept', from: 'accepted', target: 'member', by: everyone(422) },
  { action: 'Decline', from: 'accepted', target: 'member', by: everyone(422) },
  { action: 'Resend', from: 'accepted', target: 'member', by: everyone(422) },
  { action: 'ChangeAccess', from: 'accepted', target: 'member', by: managed('accepted', 403) },
  { action: 'RemoveFromWebsite', from: 'accepted', target: 'member', by: managed('accepted', 403) },
  { action: 'Deactivate', from: 'accepted', target: 'member', by: managed('inactive', 403) },
  { action: 'Reactivate', from: 'accepted', target: 'member', by: everyone(422) },
  {
    action: 'GrantExistingWebsites',
    from: 'accepted',
    target: 'member',
    by: { owner: 403, admin: 403, member: 403, outsider: 403, platformAdmin: 403, self: 403, system: 'accepted' },
  },

  { action: 'Join', from: 'rejected', target: 'member', by: everyone(422) },
  { action: 'Invite', from: 'rejected', target: 'member', by: everyone(422) },
  { action: 'Accept', from: 'rejected', target: 'member', by: everyone(422) },
  { action: 'Decline', from: 'rejected', target: 'member', by: everyone(422) },
  { action: 'Resend', from: 'rejected', target: 'member', by: managed('pending', 403) },
  { action: 'ChangeAccess', from: 'rejected', target: 'member', by: everyone(422) },
  { action: 'RemoveFromWebsite', from: 'rejected', target: 'member', by: everyone(422) },
  { action: 'Deactivate', from: 'rejected', target: 'member', by: everyone(422) },
  { action: 'Reactivate', from: 'rejected', target: 'member', by: everyone(422) },
  {
    action: 'GrantExistingWebsites',
    from: 'rejected',
    target: 'member',
    by: { owner: 403, admin: 403, member: 403, outsider: 403, platformAdmin: 403, self: 403, system: 'rejected' },
  },

  { action: 'Join', from: 'inactive', target: 'member', by: everyone(422) },
  { action: 'Invite', from: 'inactive', target: 'member', by: everyone(422) },
  { action: 'Accept', from: 'inactive', target: 'member', by: everyone(422) },
  { action: 'Decline', from: 'inactive', target: 'member', by: everyone(422) },
  { action: 'Resend', from: 'inactive', target: 'member', by: everyone(422) },
  { action: 'ChangeAccess', from: 'inactive', target: 'member', by: managed('inactive', 403) },
  { action: 'RemoveFromWebsite', from: 'inactive', target: 'member', by: managed('inactive', 403) },
  { action: 'Deactivate', from: 'inactive', target: 'member', by: everyone(422) },
  { action: 'Reactivate', from: 'inactive', target: 'member', by: managed('accepted', 403) },
  {
    action: 'GrantExistingWebsites',
    from: 'inactive',
    target: 'member',
    by: { owner: 403, admin: 403, member: 403, outsider: 403, platformAdmin: 403, self: 403, system: 'inactive' },
  },

  // --- granting roles (only owners grant owner; admins manage members and admins; never one's own role) ---
  {
    action: 'ChangeAccess',
    from: 'accepted',
    target: 'member',
    case: 'make admin',
    data: { orgRole: 'admin' },
    by: managed('accepted', 403),
  },
  {
    action: 'ChangeAccess',
    from: 'accepted',
    target: 'member',
    case: 'make owner',
    data: { orgRole: 'owner' },
    by: { owner: 'accepted', admin: 403, member: 403, outsider: 403, platformAdmin: 'accepted', self: 403 },
  },
  {
    action: 'ChangeAccess',
    from: 'pending',
    target: 'member',
    case: 'make owner',
    data: { orgRole: 'owner' },
    by: { owner: 'pending', admin: 403, member: 403, outsider: 403, platformAdmin: 'pending', self: 403 },
  },
  {
    action: 'ChangeAccess',
    from: 'inactive',
    target: 'member',
    case: 'make owner',
    data: { orgRole: 'owner' },
    by: { owner: 'inactive', admin: 403, member: 403, outsider: 403, platformAdmin: 'inactive', self: 403 },
  },
  { action: 'Invite', from: NEW, target: 'admin', by: managed('pending', 403) },
  {
    action: 'Invite',
    from: NEW,
    target: 'owner',
    by: { owner: 'pending', admin: 403, member: 403, outsider: 403, platformAdmin: 'pending', self: 403 },
  },

  // --- an admin: managed by owners and admins, on every website ---
  {
    action: 'ChangeAccess',
    from: 'accepted',
    target: 'admin',
    case: 'make member',
    data: { orgRole: 'member' },
    by: managed('accepted', 403),
  },
  {
    action: 'ChangeAccess',
    from: 'accepted',
    target: 'admin',
    case: 'make owner',
    data: { orgRole: 'owner' },
    by: { owner: 'accepted', admin: 403, member: 403, outsider: 403, platformAdmin: 'accepted', self: 403 },
  },
  { action: 'ChangeAccess', from: 'accepted', target: 'admin', by: managed('accepted', 'accepted') },
  { action: 'Deactivate', from: 'accepted', target: 'admin', by: managed('inactive', undefined) },
  { action: 'Reactivate', from: 'inactive', target: 'admin', by: managed('accepted', 403) },
  { action: 'Resend', from: 'pending', target: 'admin', by: managed('pending', 403) },
  {
    action: 'RemoveFromWebsite',
    from: 'accepted',
    target: 'admin',
    by: { owner: 422, admin: 422, member: 403, outsider: 403, platformAdmin: 422, self: 422 },
  },

  // --- an owner, while another active owner remains: only owners manage them ---
  {
    action: 'Resend',
    from: 'pending',
    target: 'owner',
    by: { owner: 'pending', admin: 403, member: 403, outsider: 403, platformAdmin: 'pending', self: 403 },
  },
  {
    action: 'Resend',
    from: 'rejected',
    target: 'owner',
    by: { owner: 'pending', admin: 403, member: 403, outsider: 403, platformAdmin: 'pending', self: 403 },
  },
  {
    action: 'ChangeAccess',
    from: 'accepted',
    target: 'owner',
    by: { owner: 'accepted', admin: 403, member: 403, outsider: 403, platformAdmin: 'accepted', self: 'accepted' },
  },
  {
    action: 'ChangeAccess',
    from: 'accepted',
    target: 'owner',
    case: 'make admin',
    data: { orgRole: 'admin' },
    by: { owner: 'accepted', admin: 403, member: 403, outsider: 403, platformAdmin: 'accepted', self: 403 },
  },
  {
    action: 'ChangeAccess',
    from: 'accepted',
    target: 'owner',
    case: 'make member',
    data: { orgRole: 'member' },
    by: { owner: 'accepted', admin: 403, member: 403, outsider: 403, platformAdmin: 'accepted', self: 403 },
  },
  {
    action: 'ChangeAccess',
    from: 'pending',
    target: 'owner',
    case: 'make member',
    data: { orgRole: 'member' },
    by: { owner: 'pending', admin: 403, member: 403, outsider: 403, platformAdmin: 'pending', self: 403 },
  },
  {
    action: 'RemoveFromWebsite',
    from: 'accepted',
    target: 'owner',
    by: { owner: 422, admin: 403, member: 403, outsider: 403, platformAdmin: 422, self: 422 },
  },
  {
    action: 'Deactivate',
    from: 'accepted',
    target: 'owner',
    by: { owner: 'inactive', admin: 403, member: 403, outsider: 403, platformAdmin: 'inactive' },
  },
  {
    action: 'Reactivate',
    from: 'inactive',
    target: 'owner',
    by: { owner: 'accepted', admin: 403, member: 403, outsider: 403, platformAdmin: 'accepted', self: 403 },
  },

  // --- the last active owner stays (422); who may not act at all still gets 403 ---
  {
    action: 'ChangeAccess',
    from: 'accepted',
    target: 'owner',
    case: 'last owner',
    activeOwners: 1,
    by: { owner: 'accepted', admin: 403, member: 403, outsider: 403, platformAdmin: 'accepted', self: 'accepted' },
  },
  {
    action: 'ChangeAccess',
    from: 'accepted',
    target: 'owner',
    case: 'demote last owner',
    activeOwners: 1,
    data: { orgRole: 'admin' },
    by: { owner: 422, admin: 403, member: 403, outsider: 403, platformAdmin: 422, self: 403 },
  },
  {
    action: 'ChangeAccess',
    from: 'accepted',
    target: 'owner',
    case: 'last owner to member',
    activeOwners: 1,
    data: { orgRole: 'member' },
    by: { owner: 422, admin: 403, member: 403, outsider: 403, platformAdmin: 422, self: 403 },
  },
  {
    action: 'Deactivate',
    from: 'accepted',
    target: 'owner',
    case: 'last owner',
    activeOwners: 1,
    by: { owner: 422, admin: 403, member: 403, outsider: 403, platformAdmin: 422, self: 422 },
  },
  // An inactive or invited owner is not the active one: the rule does not hold them.
  {
    action: 'ChangeAccess',
    from: 'inactive',
    target: 'owner',
    case: 'demote inactive owner',
    activeOwners: 1,
    data: { orgRole: 'admin' },
    by: { owner: 'inactive', admin: 403, member: 403, outsider: 403, platformAdmin: 'inactive', self: 403 },
  },
  {
    action: 'ChangeAccess',
    from: 'pending',
    target: 'owner',
    case: 'demote invited owner',
    activeOwners: 1,
    data: { orgRole: 'admin' },
    by: { owner: 'pending', admin: 403, member: 403, outsider: 403, platformAdmin: 'pending', self: 403 },
  },
];

/**
 * The actions each actor is offered (`allowedActions`) on a member record, with the record's own
 * state and the organisation's number of active owners: exactly those it may take whatever data
 * it sends (an action refused for the record itself, such as taking a website off an admin, is not
 * offered).
 */
export interface MemberAllowedRow {
  target: OrgRole;
  status: MemberStatus | typeof NEW;
  activeOwners?: number;
  by: Partial<Record<Exclude<Who, 'system'>, MemberAction[]>>;
}

export const MEMBER_ALLOWED: MemberAllowedRow[] = [
  {
    target: 'member',
    status: NEW,
    by: { owner: ['Invite'], admin: ['Invite'], member: [], outsider: [], platformAdmin: ['Invite'] },
  },
  {
    target: 'member',
    status: 'pending',
    by: {
      owner: ['Resend', 'ChangeAccess', 'RemoveFromWebsite'],
      admin: ['Resend', 'ChangeAccess', 'RemoveFromWebsite'],
      member: [],
      outsider: [],
      platformAdmin: ['Resend', 'ChangeAccess', 'RemoveFromWebsite'],
      self: ['Accept', 'Decline'],
    },
  },
  {
    target: 'member',
    status: 'accepted',
    by: {
      owner: ['ChangeAccess', 'RemoveFromWebsite', 'Deactivate'],
      admin: ['ChangeAccess', 'RemoveFromWebsite', 'Deactivate'],
      member: [],
      outsider: [],
      platformAdmin: ['ChangeAccess', 'RemoveFromWebsite', 'Deactivate'],
      self: [],
    },
  },
  {
    target: 'member',
    status: 'rejected',
    by: { owner: ['Resend'], admin: ['Resend'], member: [], outsider: [], platformAdmin: ['Resend'], self: [] },
  },
  {
    target: 'member',
    status: 'inactive',
    by: {
      owner: ['ChangeAccess', 'RemoveFromWebsite', 'Reactivate'],
      admin: ['ChangeAccess', 'RemoveFromWebsite', 'Reactivate'],
      member: [],
      outsider: [],
      platformAdmin: ['ChangeAccess', 'RemoveFromWebsite', 'Reactivate'],
      self: [],
    },
  },
  {
    target: 'admin',
    status: 'accepted',
    by: {
      owner: ['ChangeAccess', 'Deactivate'],
      admin: ['ChangeAccess', 'Deactivate'],
      member: [],
      outsider: [],
      platformAdmin: ['ChangeAccess', 'Deactivate'],
    },
  },
  {
    target: 'admin',
    status: 'pending',
    by: {
      owner: ['Resend', 'ChangeAccess'],
      admin: ['Resend', 'ChangeAccess'],
      member: [],
      platformAdmin: ['Resend', 'ChangeAccess'],
      self: ['Accept', 'Decline'],
    },
  },
  {
    target: 'owner',
    status: 'pending',
    by: {
      owner: ['Resend', 'ChangeAccess'],
      admin: [],
      member: [],
      outsider: [],
      platformAdmin: ['Resend', 'ChangeAccess'],
      self: ['Accept', 'Decline'],
    },
  },
  {
    target: 'owner',
    status: 'accepted',
    activeOwners: 2,
    by: {
      owner: ['ChangeAccess', 'Deactivate'],
      admin: [],
      member: [],
      outsider: [],
      platformAdmin: ['ChangeAccess', 'Deactivate'],
    },
  },
  {
    target: 'owner',
    status: 'accepted',
    activeOwners: 1,
    by: {
      owner: ['ChangeAccess'],
      admin: [],
      member: [],
      outsider: [],
      platformAdmin: ['ChangeAccess'],
      self: ['ChangeAccess'],
    },
  },
  {
    target: 'owner',
    status: 'inactive',
    activeOwners: 1,
    by: {
      owner: ['ChangeAccess', 'Reactivate'],
      admin: [],
      member: [],
      platformAdmin: ['ChangeAccess', 'Reactivate'],
      self: [],
    },
  },
  {
    target: 'owner',
    status: 'rejected',
    by: { owner: ['Resend'], admin: [], member: [], platformAdmin: ['Resend'], self: [] },
  },
];

// ---------------------------------------------------------------------------------------------
// Organisation
// ---------------------------------------------------------------------------------------------

export type OrganisationStatus = 'active';
export type OrganisationAction =
  'Create' | 'Update' | 'SetBusinessProfile' | 'ChangePlan' | 'AddMember' | 'RemoveMember';
export interface Row<S extends string, A extends string> {
  action: A;
  from: S | typeof NEW;
  by: Cells<S>;
}

export const ORGANISATION_TABLE: Row<OrganisationStatus, OrganisationAction>[] = [
  // Anyone signed in may found an organisation (and becomes its owner); sign-up does it as the system.
  {
    action: 'Create',
    from: NEW,
    by: {
      owner: 'active',
      admin: 'active',
      member: 'active',
      outsider: 'active',
      platformAdmin: 'active',
      system: 'active',
    },
  },
  { action: 'Update', from: NEW, by: everyone(404) },
  { action: 'SetBusinessProfile', from: NEW, by: everyone(404) },
  { action: 'ChangePlan', from: NEW, by: everyone(404) },
  { action: 'AddMember', from: NEW, by: everyone(404) },
  { action: 'RemoveMember', from: NEW, by: everyone(404) },

  { action: 'Create', from: 'active', by: everyone(422) },
  {
    action: 'Update',
    from: 'active',
    by: { owner: 'active', admin: 'active', member: 403, outsider: 403, platformAdmin: 'active' },
  },
  {
    action: 'SetBusinessProfile',
    from: 'active',
    by: { owner: 'active', admin: 'active', member: 403, outsider: 403, platformAdmin: 'active' },
  },
  {
    action: 'ChangePlan',
    from: 'active',
    by: { owner: 'active', admin: 403, member: 403, outsider: 403, platformAdmin: 'active' },
  },
  // Membership follows the member aggregate: the system only, whoever else asks.
  {
    action: 'AddMember',
    from: 'active',
    by: { owner: 403, admin: 403, member: 403, outsider: 403, platformAdmin: 403, system: 'active' },
  },
  {
    action: 'RemoveMember',
    from: 'active',
    by: { owner: 403, admin: 403, member: 403, outsider: 403, platformAdmin: 403, system: 'active' },
  },
];

export const ORGANISATION_ALLOWED: Partial<Record<Exclude<Who, 'system' | 'self'>, OrganisationAction[]>> = {
  owner: ['Update', 'SetBusinessProfile', 'ChangePlan'],
  admin: ['Update', 'SetBusinessProfile'],
  member: [],
  outsider: [],
  platformAdmin: ['Update', 'SetBusinessProfile', 'ChangePlan'],
};

// ---------------------------------------------------------------------------------------------
// Website and website domain
// ---------------------------------------------------------------------------------------------

export type WebsiteStatus = 'active' | 'inactive' | 'refused';
export type WebsiteAction = 'Create' | 'Update' | 'Deactivate' | 'Activate' | 'VerifyInstallation' | 'RefuseDomain';
/** Only the website-domains process refuses a domain (DESIGN.md: a website claims its domain through a process manager). */
const systemOnly = <S extends string>(to: S): Cells<S> => ({
  owner: 403,
  admin: 403,
  member: 403,
  outsider: 403,
  platformAdmin: 403,
  system: to,
});

const managers = <S extends string>(to: S): Cells<S> => ({
  owner: to,
  admin: to,
  member: 403,
  outsider: 403,
  platformAdmin: to,
});

export const WEBSITE_TABLE: Row<WebsiteStatus, WebsiteAction>[] = [
  {
    action: 'Create',
    from: NEW,
    by: { owner: 'active', admin: 'active', member: 403, outsider: 403, platformAdmin: 'active', system: 'active' },
  },
  { action: 'Update', from: NEW, by: everyone(404) },
  { action: 'Deactivate', from: NEW, by: everyone(404) },
  { action: 'Activate', from: NEW, by: everyone(404) },
  { action: 'VerifyInstallation', from: NEW, by: everyone(404) },
  { action: 'RefuseDomain', from: NEW, by: everyone(404) },

  { action: 'Create', from: 'active', by: everyone(422) },
  { action: 'Update', from: 'active', by: managers('active') },
  { action: 'Deactivate', from: 'active', by: managers('inactive') },
  { action: 'Activate', from: 'active', by: everyone(422) },
  { action: 'VerifyInstallation', from: 'active', by: managers('active') },
  // Refusing the domain a website was created with: the website never was (rows of the table: `restore` null).
  { action: 'RefuseDomain', from: 'active', by: systemOnly('refused') },

  { action: 'Create', from: 'inactive', by: everyone(422) },
  { action: 'Update', from: 'inactive', by: managers('inactive') },
  { action: 'Deactivate', from: 'inactive', by: everyone(422) },
  { action: 'Activate', from: 'inactive', by: managers('active') },
  { action: 'VerifyInstallation', from: 'inactive', by: managers('inactive') },
  { action: 'RefuseDomain', from: 'inactive', by: systemOnly('refused') },

  // A refused website is over: nothing more happens to it.
  { action: 'Create', from: 'refused', by: everyone(422) },
  { action: 'Update', from: 'refused', by: everyone(422) },
  { action: 'Deactivate', from: 'refused', by: everyone(422) },
  { action: 'Activate', from: 'refused', by: everyone(422) },
  { action: 'VerifyInstallation', from: 'refused', by: everyone(422) },
  { action: 'RefuseDomain', from: 'refused', by: everyone(422) },
];

export const WEBSITE_ALLOWED: Record<
  WebsiteStatus | typeof NEW,
  Partial<Record<Exclude<Who, 'system' | 'self'>, WebsiteAction[]>>
> = {
  new: { owner: ['Create'], admin: ['Create'], member: [], outsider: [], platformAdmin: ['Create'] },
  active: {
    owner: ['Update', 'Deactivate', 'VerifyInstallation'],
    admin: ['Update', 'Deactivate', 'VerifyInstallation'],
    member: [],
    outsider: [],
    platformAdmin: ['Update', 'Deactivate', 'VerifyInstallation'],
  },
  inactive: {
    owner: ['Update', 'Activate', 'VerifyInstallation'],
    admin: ['Update', 'Activate', 'VerifyInstallation'],
    member: [],
    outsider: [],
    platformAdmin: ['Update', 'Activate', 'VerifyInstallation'],
  },
  refused: { owner: [], admin: [], member: [], outsider: [], platformAdmin: [] },
};

export type DomainStatus = 'claimed' | 'released';
export type DomainAction = 'Claim' | 'Release';
export interface DomainRow extends Row<DomainStatus, DomainAction> {
  /** Which website sends the command: the one holding the domain (or that held it), or another one. */
  website: 'holder' | 'other';
}

/** One domain, one website, across all organisations (spec: "a website that already exists is rejected"). */
export const WEBSITE_DOMAIN_TABLE: DomainRow[] = [
  {
    action: 'Claim',
    from: NEW,
    website: 'other',
    by: { owner: 'claimed', admin: 'claimed', member: 403, outsider: 403, platformAdmin: 'claimed', system: 'claimed' },
  },
  { action: 'Release', from: NEW, website: 'other', by: everyone(404) },
  {
    action: 'Claim',
    from: 'claimed',
    website: 'holder',
    by: { owner: 'claimed', admin: 'claimed', member: 403, outsider: 403, platformAdmin: 'claimed', system: 'claimed' },
  },
  {
    action: 'Claim',
    from: 'claimed',
    website: 'other',
    by: { owner: 409, admin: 409, member: 403, outsider: 403, platformAdmin: 409, system: 409 },
  },
  {
    action: 'Release',
    from: 'claimed',
    website: 'holder',
    by: {
      owner: 'released',
      admin: 'released',
      member: 403,
      outsider: 403,
      platformAdmin: 'released',
      system: 'released',
    },
  },
  // Another website cannot free a domain it does not hold: nothing happens.
  {
    action: 'Release',
    from: 'claimed',
    website: 'other',
    by: { owner: 'claimed', admin: 'claimed', member: 403, outsider: 403, platformAdmin: 'claimed', system: 'claimed' },
  },
  {
    action: 'Claim',
    from: 'released',
    website: 'other',
    by: { owner: 'claimed', admin: 'claimed', member: 403, outsider: 403, platformAdmin: 'claimed', system: 'claimed' },
  },
  { action: 'Release', from: 'released', website: 'holder', by: everyone(422) },
];

// ---------------------------------------------------------------------------------------------
// User (identity)
// ---------------------------------------------------------------------------------------------

export type UserStatus = 'active';
export type UserAction = 'Register' | 'ChangeProfile' | 'ChooseFirstPassword';

/** Users are the platform's: platform admins upsert them (spec 000 section 6), a person edits their own profile. */
export const USER_TABLE: Row<UserStatus, UserAction>[] = [
  {
    action: 'Register',
    from: NEW,
    by: { owner: 403, admin: 403, member: 403, outsider: 403, platformAdmin: 'active', system: 'active' },
  },
  { action: 'ChangeProfile', from: NEW, by: everyone(404) },
  { action: 'Register', from: 'active', by: everyone(422) },
  {
    action: 'ChangeProfile',
    from: 'active',
    by: {
      owner: 403,
      admin: 403,
      member: 403,
      outsider: 403,
      platformAdmin: 'active',
      self: 'active',
      system: 'active',
    },
  },
  // The invitation link's first password: only the server records it, once the password is set.
  { action: 'ChooseFirstPassword', from: NEW, by: everyone(404) },
  {
    action: 'ChooseFirstPassword',
    from: 'active',
    by: { owner: 403, admin: 403, member: 403, outsider: 403, platformAdmin: 403, self: 403, system: 'active' },
  },
];

// ---------------------------------------------------------------------------------------------

/** The one row of `table` for these keys (a test names its rows; a missing or doubled one is a mistake in the test). */
export function rowOf<R extends { action: string; from: string }>(table: R[], keys: Partial<R>): R {
  const found = table.filter(
    (row) =>
      Object.entries(keys).every(([k, v]) => (row as Record<string, unknown>)[k] === v) &&
      (keys as { case?: string }).case === (row as { case?: string }).case,
  );
  if (found.length !== 1) throw new Error(`${found.length} rows for ${JSON.stringify(keys)}`);
  return found[0];
}

/** How a row's cell reads in a test name. */
export const describeCell = (cell: string | number) =>
  typeof cell === 'number' ? `refused with ${cell}` : `-> ${cell}`;
