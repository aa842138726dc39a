/**
 * A port: who a user id is (name and email), for histories and reports that name the actors. The
 * identity context provides it (token `PEOPLE`); the platform and other contexts depend on this
 * interface, never on identity's tables.
 */
export interface PeopleDirectory {
  namesOf(userIds: readonly string[]): Promise<Map<string, { name: string; email: string }>>;
  /** When each person was last seen (ISO time of their latest request), for the members list. */
  lastActiveOf(userIds: readonly string[]): Promise<Map<string, string>>;
  /** The user id of an email address (letter case aside), if someone has it. */
  idByEmail(email: string): Promise<string | null>;
  /**
   * Mails an invitation link (valid 7 days, once) to `email` for `userId`: the link's page lets a
   * new person choose their password, and leads someone known to their invitations.
   */
  sendInvitation(invitation: {
    userId: string;
    email: string;
    organisationName: string;
    baseUrl: string;
  }): Promise<void>;
}
