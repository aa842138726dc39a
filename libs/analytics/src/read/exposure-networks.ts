import { createHash, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import type { SqlExecutor } from '#libs/eventstore/src/index.js';
import type { ExposureTraffic } from '../domain/end-rules.js';

/**
 * The networks experiment exposures come from, for the end rules' traffic check
 * (../domain/end-rules.ts `trafficProblems`, issue 25). `collected_events` does not keep the
 * client's address, and this does not either: per (website, experiment, visitor) the networks the
 * visitor's exposures were sent from, each as a salted hash of the address's /24 (IPv4) or /64
 * (IPv6) prefix. The salt is random, made once per database (`experiment_network_salt`), so a hash
 * says "same network or not" and nothing more; it is never answered by any route.
 *
 * `POST /api/public/collect` records the rows of its accepted `experiment_exposure` events
 * (`recordExposureNetworks`, one statement per batch that has exposures; with Kafka too, since
 * only the request knows the address). Rows are at most one per visitor and network.
 */
export const EXPOSURE_NETWORKS_SCHEMA = `
CREATE TABLE IF NOT EXISTS experiment_exposure_networks (
  website_id    text NOT NULL,
  experiment_id text NOT NULL,
  distinct_id   text NOT NULL,
  network       text NOT NULL,
  PRIMARY KEY (website_id, experiment_id, distinct_id, network)
);
CREATE TABLE IF NOT EXISTS experiment_network_salt (
  id   smallint PRIMARY KEY,
  salt text NOT NULL
);
`;

/**
 * The network of an address: `a.b.c` for IPv4 (an IPv4-mapped IPv6 address counts as IPv4), the
 * first four groups of the expanded address for IPv6; null when it is not an address.
 */
export function networkOf(ip: string | null | undefined): string | null {
  if (typeof ip !== 'string') return null;
  const address = ip.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  const version = isIP(address);
  if (version === 4) return address.split('.').slice(0, 3).join('.');
  if (version !== 6) return null;
  let text = address.split('%')[0]!;
  // An embedded IPv4 tail (`::1.2.3.4`) as two groups.
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const left = head === '' ? [] : head.split(':');
  const right = rest === undefined || rest === '' ? [] : rest.split(':');
  const groups =
    rest === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups
    .slice(0, 4)
    .map((g) => g.padStart(4, '0'))
    .join(':');
}

const salts = new WeakMap<object, Promise<string>>();

/** The database's salt (made on first use; every process of the database reads the same). */
function saltOf(db: SqlExecutor): Promise<string> {
  let salt = salts.get(db);
  if (!salt) {
    salt = (async () => {
      await db.query(`INSERT INTO experiment_network_salt (id, salt) VALUES (1, $1) ON CONFLICT (id) DO NOTHING`, [
        randomBytes(32).toString('hex'),
      ]);
      const found = await db.query<{ salt: string }>(`SELECT salt FROM experiment_network_salt WHERE id = 1`);
      return found.rows[0]!.salt;
    })();
    salt.catch(() => salts.delete(db));
    salts.set(db, salt);
  }
  return salt;
}

/** Records the network of `ip` for each exposure (experiment and visitor) of one request. */
export async function recordExposureNetworks(
  db: SqlExecutor,
  websiteId: string,
  exposures: readonly { experimentId: string; distinctId: string }[],
  ip: string | null | undefined,
): Promise<void> {
  const network = networkOf(ip);
  if (network === null || exposures.length === 0) return;
  const hash = createHash('sha256')
    .update(`${await saltOf(db)}\n${network}`)
    .digest('base64url')
    .slice(0, 22);
  const unique = [...new Map(exposures.map((e) => [`${e.experimentId}\n${e.distinctId}`, e])).values()];
  await db.query(
    `INSERT INTO experiment_exposure_networks (website_id, experiment_id, distinct_id, network)
     SELECT $1, e, d, $4 FROM unnest($2::text[], $3::text[]) AS x(e, d)
     ON CONFLICT DO NOTHING`,
    [websiteId, unique.map((e) => e.experimentId), unique.map((e) => e.distinctId), hash],
  );
}

/** The page keys of `an_page_hours` (origin and path) that name the test's page, one trailing slash aside. */
export function experimentPages(pageUrl: unknown): string[] {
  if (typeof pageUrl !== 'string') return [];
  try {
    const url = new URL(pageUrl);
    const path = url.pathname.endsWith('/') ? url.pathname.slice(0, -1) : url.pathname;
    return [`${url.origin}${path}`, `${url.origin}${path}/`];
  } catch {
    return [];
  }
}

/**
 * The test's exposed visitors as the traffic rule reads them (one statement over the read models:
 * `an_exposures`, bots left out; `an_page_hours`; and the networks above).
 */
export async function exposureTraffic(
  db: SqlExecutor,
  websiteId: string,
  experimentId: string,
  pageUrl: unknown,
): Promise<ExposureTraffic> {
  const found = await db.query<{
    visitors: string | number;
    with_page_view: string | number;
    networks: string | number;
    largest: string | number;
  }>(
    `WITH exposed AS (
       SELECT distinct_id, min(first_at) AS first_at FROM an_exposures WHERE website_id = $1 AND experiment_id = $2 GROUP BY distinct_id
     ), nets AS (
       SELECT coalesce(n.network, '') AS network, count(DISTINCT e.distinct_id) AS visitors
         FROM exposed e LEFT JOIN experiment_exposure_networks n ON n.website_id = $1 AND n.experiment_id = $2 AND n.distinct_id = e.distinct_id
        GROUP BY 1
     )
     SELECT (SELECT count(*) FROM exposed) AS visitors,
            (SELECT count(*) FROM exposed e WHERE EXISTS (
               SELECT 1 FROM an_page_hours p
                WHERE p.website_id = $1 AND p.page = ANY($3::text[]) AND p.distinct_id = e.distinct_id
                  AND p.hour > e.first_at - interval '2 hours' AND p.hour <= e.first_at + interval '1 hour')) AS with_page_view,
            (SELECT count(*) FROM nets WHERE network <> '') AS networks,
            (SELECT coalesce(max(visitors), 0) FROM nets) AS largest`,
    [websiteId, experimentId, experimentPages(pageUrl)],
  );
  const row = found.rows[0];
  return {
    visitors: Number(row?.visitors ?? 0),
    withPageView: Number(row?.with_page_view ?? 0),
    networks: Number(row?.networks ?? 0),
    largestNetwork: Number(row?.largest ?? 0),
  };
}
