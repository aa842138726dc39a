/** Injection tokens for the infrastructure the NestJS modules share. */
export const EVENT_STORE = Symbol('EVENT_STORE');
export const SQL = Symbol('SQL');
export const CONFIG = Symbol('CONFIG');
export const LOGGER = Symbol('LOGGER');
export const METRICS = Symbol('METRICS');
