import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import { deliveryWebsiteByKey } from '#libs/organisations/src/projections/queries.js';
import { Public } from '#libs/platform/src/auth/public.decorator.js';
import { BadRequestError, NotFoundError } from '#libs/platform/src/errors.js';
import { SQL } from '#libs/platform/src/tokens.js';
import { CRO_PRODUCT } from '../access.js';
import { GeoIpService } from './geoip.service.js';
import { PlacementsCache, type PlacementsAnswer } from './placements.js';
import { allowSiteOrigin } from './site-origin.js';

/** The answer for a key no active website has (404). */
export const UNKNOWN_SITE_KEY = 'No website has this key';
export const URL_PARAMETER = 'url must be the address of a page (at most 2048 characters)';
const KEY = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * `GET /api/public/sites/{key}/placements?url=`: the live campaigns, CTAs and experiment variants
 * for one page of the website whose public key is `{key}` (see placements.ts). Public (no session);
 * limited per address and per key by the platform's rate-limit guard (`:key`); CORS for the
 * website's own origins only, without credentials. Not cached by browsers or CDNs (`no-store`):
 * a publish shows at the next page view. The answer may depend on the visitor's country (an
 * experiment with a `countries` traffic rule): it is looked up from `request.ip` (the socket's
 * address, or the forwarded one as far as `TRUST_PROXY` allows) in `GEOIP_DATABASE`.
 */
@Controller('public/sites')
export class PublicPlacementsController {
  private readonly cache: PlacementsCache;

  constructor(
    @Inject(SQL) private readonly db: SqlDriver,
    geoip: GeoIpService,
  ) {
    this.cache = new PlacementsCache(db, geoip);
  }

  @Public()
  @Get(':key/placements')
  async placements(
    @Param('key') key: string,
    @Query('url') url: unknown,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PlacementsAnswer> {
    response.setHeader('Cache-Control', 'no-store');
    if (typeof url !== 'string' || url.length === 0 || url.length > 2048) throw new BadRequestError(URL_PARAMETER);
    const website = KEY.test(key) ? await deliveryWebsiteByKey(this.db, key, CRO_PRODUCT) : null;
    if (!website) throw new NotFoundError(UNKNOWN_SITE_KEY);
    allowSiteOrigin(request, response, website);
    return this.cache.placements(website, url, request.ip ?? null);
  }
}
