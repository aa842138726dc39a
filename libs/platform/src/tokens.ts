/** Injection tokens for the infrastructure the NestJS modules share. */
export const EVENT_STORE = Symbol('EVENT_STORE');
export const SQL = Symbol('SQL');
export const CONFIG = Symbol('CONFIG');
export const LOGGER = Symbol('LOGGER');
export const METRICS = Symbol('METRICS');
/** The people directory (names of user ids), provided by the identity context: see `people.ts`. */
export const PEOPLE = Symbol('PEOPLE');
/** The organisation directory, provided by the organisations context: see `organisation-directory.ts`. */
export const ORGANISATIONS = Symbol('ORGANISATIONS');
/** Sending mail, provided by the identity context: see `mail.ts`. */
export const MAILER = Symbol('MAILER');
