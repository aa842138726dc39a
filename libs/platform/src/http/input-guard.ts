import type { NextFunction, Request, Response } from 'express';
import { BadRequestError } from '../errors.js';

/**
 * The one request-string guard (DESIGN.md "Trust boundary"): every string a request carries (its
 * path, query, JSON body, and the JSON inside query parameters the list helper parses) is checked
 * here before validation, so no NUL byte, lone surrogate, over-long value or absurdly deep
 * structure reaches a schema, a query or the event store. PostgreSQL refuses NUL and invalid
 * UTF-16 with an error (a 500 if it got that far); deep JSON overflows recursive code.
 */
export const INPUT_LIMITS = {
  /** Nesting of objects and arrays in a body (a rich-text document nests a few levels per list). */
  maxDepth: 64,
  /** Values (strings, numbers, keys...) in one body. */
  maxNodes: 200_000,
  /** One query parameter's value (filters are JSON in a query parameter). */
  maxQueryValue: 10_000,
  /** One object key. */
  maxKey: 200,
} as const;

export const INVALID_TEXT = 'The request contains text that is not allowed (a NUL character or broken Unicode)';
export const TOO_DEEP = `The request is nested too deeply (at most ${INPUT_LIMITS.maxDepth} levels)`;

/** Whether a string is safe to store and query: no NUL and no lone surrogate. */
export function isCleanText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Refuses a string with NUL or a lone surrogate (400), naming where it was. */
export function checkText(text: string, where = 'The request'): string {
  if (!isCleanText(text))
    throw new BadRequestError(
      where === 'The request'
        ? INVALID_TEXT
        : `${where} contains text that is not allowed (a NUL character or broken Unicode)`,
    );
  return text;
}

/**
 * Walks a parsed JSON value without recursion: every string and key is clean, keys are short,
 * nesting and size are bounded. Throws 400 with a clear message otherwise.
 */
export function checkJson(
  value: unknown,
  where = 'The request',
  limits: { maxDepth?: number; maxNodes?: number } = {},
): void {
  const maxDepth = limits.maxDepth ?? INPUT_LIMITS.maxDepth;
  const maxNodes = limits.maxNodes ?? INPUT_LIMITS.maxNodes;
  const stack: Array<[unknown, number]> = [[value, 0]];
  let nodes = 0;
  while (stack.length) {
    const [current, depth] = stack.pop()!;
    if (++nodes > maxNodes) throw new BadRequestError(`${where} is too large`);
    if (typeof current === 'string') {
      checkText(current, where);
    } else if (typeof current === 'number') {
      if (!Number.isFinite(current)) throw new BadRequestError(`${where} contains a number that is out of range`);
    } else if (current !== null && typeof current === 'object') {
      if (depth >= maxDepth)
        throw new BadRequestError(
          where === 'The request' ? TOO_DEEP : `${where} is nested too deeply (at most ${maxDepth} levels)`,
        );
      if (Array.isArray(current)) {
        for (const item of current) stack.push([item, depth + 1]);
      } else {
        for (const key of Object.keys(current)) {
          if (key.length > INPUT_LIMITS.maxKey)
            throw new BadRequestError(`${where} has a field name longer than ${INPUT_LIMITS.maxKey} characters`);
          checkText(key, where);
          stack.push([(current as Record<string, unknown>)[key], depth + 1]);
        }
      }
    }
  }
}

/**
 * Express middleware for `/api`: the path (decoded), every query value and the parsed body.
 * Runs after the body parsers and before routing.
 */
export function inputGuard() {
  return (req: Request, _res: Response, next: NextFunction) => {
    try {
      let path: string;
      try {
        path = decodeURIComponent(req.path);
      } catch {
        throw new BadRequestError('The address is not valid (broken percent-encoding)');
      }
      checkText(path, 'The address');
      const query = req.query as Record<string, unknown>;
      for (const key of Object.keys(query)) {
        checkText(key, 'The query');
        const values = Array.isArray(query[key]) ? (query[key] as unknown[]) : [query[key]];
        for (const value of values) {
          if (typeof value === 'string') {
            if (value.length > INPUT_LIMITS.maxQueryValue)
              throw new BadRequestError(`The query parameter ${key.slice(0, 50)} is too long`);
            checkText(value, 'The query');
          } else {
            checkJson(value, 'The query', { maxDepth: 4 });
          }
        }
      }
      if (req.body !== undefined) {
        if (typeof req.body === 'string') checkText(req.body);
        else checkJson(req.body);
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}
