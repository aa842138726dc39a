import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '#libs/platform/src/config.js';
import type { Logger } from '#libs/platform/src/logging.js';
import { CONFIG, LOGGER } from '#libs/platform/src/tokens.js';
import { GeoIp, NO_LOCATION, type GeoLocation } from './geoip.js';

/**
 * The API process's one reader of `GEOIP_DATABASE` (./geoip.ts): ingestion's enrichment (country
 * and city of each collected event, ./collect.controller.ts), and the CRO routes that decide by
 * country: the public placements (an experiment with a `countries` traffic rule is served only to
 * visitors of those countries) and the experiments' commands (`Publish` accepts `countries` only
 * when `available()`: experiment.decider.ts reads `context.geoIp`). One reader, because `maxmind`
 * holds the whole file in memory (tens of MB for a City database).
 *
 * `available()`: a database is configured and the file opened as a MaxMind database (it is opened
 * at the first call; a file that cannot be opened is logged once and stays unavailable until the
 * process restarts, so Publish refuses countries exactly when placements could not check them).
 */
@Injectable()
export class GeoIpService {
  private readonly geoip: GeoIp;
  private failed = false;

  constructor(@Inject(CONFIG) config: AppConfig, @Inject(LOGGER) log: Logger) {
    this.geoip = new GeoIp(config.geoipDatabase, (error) => {
      this.failed = true;
      log.error(
        { err: error, path: config.geoipDatabase },
        'GEOIP_DATABASE cannot be read: collected events get no country or city, and experiments with countries cannot be published or served',
      );
    });
  }

  /** Whether countries can be checked: a database is configured and readable. */
  async available(): Promise<boolean> {
    if (!this.geoip.enabled || this.failed) return false;
    // Any well-formed address opens the file (the answer itself does not matter).
    await this.geoip.lookup('0.0.0.0');
    return !this.failed;
  }

  /** The country and city of a client address (`request.ip`); nulls without a readable database. */
  lookup(ip: string | null | undefined): Promise<GeoLocation> {
    return this.failed ? Promise.resolve(NO_LOCATION) : this.geoip.lookup(ip);
  }
}
