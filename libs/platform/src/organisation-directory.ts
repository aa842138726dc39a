import type { Viewer } from './auth/viewer.js';

/**
 * A port: what the identity context needs to know of organisations (the current user's answer,
 * login-as, demo mode). The organisations context provides it (token `ORGANISATIONS`); identity
 * depends on this interface, never on organisations' tables or modules.
 */
export interface OrganisationDirectory {
  /** The organisations and websites the viewer sees, by name (websites: only those they reach). */
  seenBy(viewer: Viewer): Promise<{
    /** `creates`: the resources the viewer may create there (the create routes' own rules). */
    organisations: Array<{ id: string; name: string; products: string[]; creates: string[] }>;
    websites: Array<{ id: string; name: string; organisationId: string }>;
  }>;
  /** The resources the viewer may create in an organisation with these products (as `seenBy` answers them). */
  creatableIn(viewer: Viewer, organisation: { id: string; products: readonly string[] }): string[];
  /** The organisations in which the person is an active member. */
  acceptedOrganisationsOf(userId: string): Promise<string[]>;
  /** The products of the plan a new organisation starts on. */
  starterProducts(): string[];
  /** The organisation demo mode shows (the one marked as the demo), if any. */
  demoOrganisationId(): Promise<string | null>;
}
