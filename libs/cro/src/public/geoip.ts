import { isIPv4, isIPv6 } from 'node:net';
import maxmind, { type CityResponse, type Reader } from 'maxmind';

/**
 * Country and city of a client address, from a MaxMind database file (`.mmdb`: GeoLite2 or
 * GeoIP2 City or Country, or any file of the same shape) named by `GEOIP_DATABASE`. Read with
 * `maxmind` (MIT; MaxMind's own format reader `mmdb-lib` underneath, with an LRU cache). Without
 * the setting, or for an address the file does not know (private, loopback), both are null.
 *
 * The file is opened once, at the first lookup; a file that cannot be opened is reported once
 * through `onError` and every lookup answers nulls from then on: collecting never fails for want
 * of a location. The address is what `request.ip` gives (the socket's, or the forwarded one as far
 * as `TRUST_PROXY` allows); an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) is read as IPv4, a
 * zone (`%eth0`) is dropped.
 */
export interface GeoLocation {
  /** ISO 3166-1 alpha-2, upper case (e.g. `DE`). */
  country: string | null;
  /** The city's English name (e.g. `Berlin`). */
  city: string | null;
}

export const NO_LOCATION: GeoLocation = { country: null, city: null };

/** The address as the database is searched by, or null when it is not an IP address. */
export function lookupAddress(ip: string | null | undefined): string | null {
  if (typeof ip !== 'string') return null;
  const raw = ip.replace(/%.*$/, '').trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(raw);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  return isIPv4(raw) || isIPv6(raw) ? raw : null;
}

/** Country and city out of a record of the database (only well-formed parts are taken). */
export function locationOf(record: CityResponse | null | undefined): GeoLocation {
  if (!record || typeof record !== 'object') return NO_LOCATION;
  // The country where the address is used, never `registered_country` (where its network was registered).
  const iso = record.country?.iso_code;
  const names = record.city?.names;
  const city = names && Object.hasOwn(names, 'en') ? names.en : undefined;
  return {
    country: typeof iso === 'string' && /^[A-Za-z]{2}$/.test(iso) ? iso.toUpperCase() : null,
    city: typeof city === 'string' && city.trim() !== '' ? city : null,
  };
}

export class GeoIp {
  private reader: Promise<Reader<CityResponse> | null> | null = null;

  /** `path`: the `.mmdb` file (`GEOIP_DATABASE`), or undefined for none. */
  constructor(
    private readonly path: string | undefined,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** Whether a database is configured (when not, every lookup answers nulls). */
  get enabled(): boolean {
    return Boolean(this.path);
  }

  async lookup(ip: string | null | undefined): Promise<GeoLocation> {
    if (!this.path) return NO_LOCATION;
    const address = lookupAddress(ip);
    if (!address) return NO_LOCATION;
    this.reader ??= maxmind.open<CityResponse>(this.path).catch((error: unknown) => {
      this.onError(error);
      return null;
    });
    const reader = await this.reader;
    if (!reader) return NO_LOCATION;
    try {
      return locationOf(reader.get(address));
    } catch {
      // An IPv6 address in an IPv4-only database, for one.
      return NO_LOCATION;
    }
  }
}
