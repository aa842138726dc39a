import { Controller, Get, Headers, Inject, Query, Res, Req } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import { Public } from '#libs/platform/src/auth/public.decorator.js';
import { NotFoundError } from '#libs/platform/src/errors.js';
import { SQL } from '#libs/platform/src/tokens.js';
import { missing, parseInput, tooLong, z } from '#libs/platform/src/validation.js';
import { activeWebsiteByKey } from '#libs/organisations/src/projections/queries.js';
import { redirectPathProblem } from '../domain/redirect-rule.decider.js';
import { redirectRuleForPath } from '../projections/queries.js';
import { RedirectCounters, isBot } from '../projections/redirect-counters.js';
import { allowWebsiteOrigin } from '#libs/platform/src/http/public-cors.js';

/** The lookup's two parameters, named in its messages by these words. */
const LABELS = { key: 'The website key', path: 'The path' } as const;

const query = z.object({
  key: z
    .string({ error: missing(LABELS.key) })
    .trim()
    .min(1, missing(LABELS.key))
    .max(100, `${LABELS.key} is not a website key`),
  path: z
    .string({ error: missing(LABELS.path) })
    .min(1, missing(LABELS.path))
    .max(2000, tooLong(2000))
    .refine((p) => p.startsWith('/'), `${LABELS.path} must start with /`)
    // The same rule as a rule's fromPath: one leading /, no backslash, no control character.
    .superRefine((p, ctx) => {
      const problem = p.startsWith('/') ? redirectPathProblem(LABELS.path, p, false) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});

/**
 * What a website (its server, edge worker or CDN function) asks before serving a path: is there a
 * redirect from it? Public, by the website's key (the one its tracking script uses). Each answer
 * counts a hit on the rule, as a bot or a user by the visitor's User-Agent (`X-Visitor-User-Agent`
 * when the website asks on a visitor's behalf).
 */
@Controller('public/redirects')
export class PublicRedirectsController {
  constructor(
    @Inject(SQL) private readonly db: SqlDriver,
    private readonly counters: RedirectCounters,
  ) {}

  @Public()
  @Get()
  async resolve(
    @Query() raw: Record<string, unknown>,
    @Headers('x-visitor-user-agent') visitorAgent: string | undefined,
    @Headers('user-agent') userAgent: string | undefined,
    @Res({ passthrough: true }) response: Response,
    @Req() request: Request,
  ) {
    const { key, path } = parseInput(query, raw);
    response.setHeader('Cache-Control', 'no-store');
    const site = await activeWebsiteByKey(this.db, key);
    if (!site?.id) throw new NotFoundError('No website has this key');
    allowWebsiteOrigin(request, response, site.url);
    const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const rule = await redirectRuleForPath(this.db, site.id, path, trimmed);
    // A rule stored before paths were checked never sends a visitor to another website.
    if (!rule || redirectPathProblem('toPath', rule.toPath, true))
      throw new NotFoundError('No redirect from this path');
    await this.counters.hit(rule.id, isBot(visitorAgent ?? userAgent));
    return { fromPath: rule.fromPath, toPath: rule.toPath, type: rule.type };
  }
}
