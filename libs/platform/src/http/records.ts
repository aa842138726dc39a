import type { Response } from 'express';
import { BadRequestError } from '../errors.js';
import type { ListResult } from '../list-query.js';

/** Answers a list the simple-rest way: the array, plus `Content-Range: {resource} {start}-{end}/{total}`. */
export function sendList<T>(response: Response, result: ListResult<T>): T[] {
  response.setHeader('Content-Range', result.contentRange);
  return result.rows;
}

/**
 * The version the client last saw: `expectedVersion` of an action, or the `version` that
 * react-admin sends back with the whole record on `PUT`.
 */
export function expectedVersionOf(body: unknown): number | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const value = (body as Record<string, unknown>).expectedVersion ?? (body as Record<string, unknown>).version;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new BadRequestError('expectedVersion must be a whole number');
  }
  return value;
}

/** Route parameters that are ids: refuse anything that could not be one, before any query. */
export function checkId(id: string): string {
  if (!/^[A-Za-z0-9_.:-]{1,100}$/.test(id)) throw new BadRequestError('Invalid id');
  return id;
}
