import { resolve } from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Connections for requests, appends and batches, besides one per subscriber's lease (PostgreSQL). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(20),
  DATA_DIR: z.string().default('./data'),
  EVENTSTORE_URL: z
    .string()
    .regex(/^(kurrentdb|esdb|kdb)(\+discover)?:\/\//, 'must be a kurrentdb:// (or esdb://) connection string')
    .optional(),
  KAFKA_BROKERS: z.string().optional(),
  KAFKA_TOPIC_PREFIX: z
    .string()
    .regex(/^[a-zA-Z0-9._-]+$/, 'letters, digits, dot, dash and underscore only')
    .default('platform'),
  RUN_PROJECTIONS: bool.optional(),
  API_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_EMAIL: z.email('must be an email address').optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  DEMO_DATA: bool.default(true),
  DEMO_TRAFFIC: bool.default(true),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 60),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24),
  CONSOLE_DIR: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Platform <no-reply@platform.example>'),
  PUBLIC_URL: z.url('must be the URL people open the console at').optional(),
  FETCH_PRIVATE_HOSTS: bool.default(false),
  CORS_ORIGINS: z
    .string()
    .refine(
      (v) => v.split(',').every((o) => /^https?:\/\/[^/\s]+$/.test(o.trim())),
      'must be a comma-separated list of origins like https://console.example.com',
    )
    .optional(),
  TRUST_PROXY: bool.default(false),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  OIDC_ISSUER: z.string().min(1).optional(),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  OIDC_JWKS_URL: z.url("must be the URL of the identity provider's JWKS").optional(),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(0).default(60),
  RATE_LIMIT_PUBLIC_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  RATE_LIMIT_PUBLIC_SITE_PER_MINUTE: z.coerce.number().int().min(0).default(6000),
  CRO_ALLOW_PRIVATE_WEBHOOKS: bool.default(false),
  CRO_DELIVERY_RETRY_MS: z.coerce.number().int().min(10).max(86_400_000).default(30_000),
  CRO_NOTIFICATION_MAILS_PER_DAY: z.coerce.number().int().min(0).max(1_000_000).default(500),
  CRO_NOTIFICATION_MAILS_PER_VISITOR_HOUR: z.coerce.number().int().min(0).max(1000).default(3),
  HUBSPOT_API_URL: z.url("must be the base URL of HubSpot's forms API").optional(),
  ZOHO_API_URL: z.url("must be the base URL of Zoho CRM's API").optional(),
  GEOIP_DATABASE: z.string().min(1).optional(),
});

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl?: string;
  /** PostgreSQL: the pool's connections besides the subscribers' leases (`DATABASE_POOL_SIZE`). */
  databasePoolSize: number;
  /** Where the embedded PGlite keeps its data; `memory://` keeps it in memory (tests). */
  dataDir: string;
  eventStoreUrl?: string;
  kafkaBrokers?: string[];
  kafkaTopicPrefix: string;
  /**
   * Whether this process runs the projections and the Kafka relay (default true: each runs
   * under a lease, so several processes never run the same one; set false on api replicas
   * when dedicated workers run them).
   */
  runProjections: boolean;
  /**
   * How many API processes share the port on this machine (`API_PROCESSES`, node:cluster; default
   * 1): one per core lets the API use every core. PostgreSQL only (the embedded store belongs to one
   * process); they share nothing but the database, like replicas behind a load balancer.
   */
  apiProcesses: number;
  logLevel: string;
  adminEmail?: string;
  adminPassword?: string;
  demoData: boolean;
  /** With the demo data: 90 days of generated tracking traffic on Demo Shop (the analytics reports show something). */
  demoTraffic: boolean;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  consoleDir: string;
  /** Mail goes through this SMTP server; without it mails are kept in the outbox table. */
  smtpUrl?: string;
  mailFrom: string;
  /** The console's public address, for links in mails (default: the address of the request). */
  publicUrl?: string;
  /**
   * Whether the server may fetch pages on private, loopback and link-local addresses (the
   * tracking-script check). Off by default: a user-given URL must not reach internal services.
   */
  fetchPrivateHosts: boolean;
  /**
   * Origins allowed to call the API with credentials (CORS) and to send state-changing requests
   * (default: `PUBLIC_URL`'s origin; the console itself is same-origin).
   */
  corsOrigins: string[];
  /** Behind a TLS-terminating proxy: `X-Forwarded-Proto` marks cookies Secure. Nothing else trusts forwarded headers. */
  trustProxy: boolean;
  /**
   * The HTTP server's time-outs (libs/platform/src/http/http-server.ts): a request's headers and
   * body must arrive within `requestTimeoutMs` (`HTTP_REQUEST_TIMEOUT_MS`, default 30 s; its headers
   * within 10 s or that, whichever is less), an idle kept-alive connection closes after
   * `keepAliveTimeoutMs` (`HTTP_KEEP_ALIVE_TIMEOUT_MS`, default 5 s).
   */
  http: { requestTimeoutMs: number; keepAliveTimeoutMs: number };
  /** Third-party sign-in: ID tokens are verified against this issuer, audience and JWKS. */
  oidc?: { issuer: string; audience: string; jwksUrl: string };
  /**
   * Requests per minute (0: no limit) on the public endpoints (DESIGN.md "Rate limits"):
   * `authPerAddress` for each sign-in, sign-up, reset and magic-link route per client address;
   * `publicPerAddress` and `publicPerSite` for `/api/public/*` per address and per website key.
   */
  rateLimits: { authPerAddress: number; publicPerAddress: number; publicPerSite: number };
  /**
   * Where CTA form submissions are forwarded (libs/cro/src/integrations/forwarding.ts): whether
   * webhooks may go to private and loopback addresses (`CRO_ALLOW_PRIVATE_WEBHOOKS`, tests and closed
   * installations), the first retry's delay (doubling after each failure, `CRO_DELIVERY_RETRY_MS`),
   * and the HubSpot and Zoho API bases (Zoho's token is each organisation's own, a write-only
   * setting of its Zoho integration: there is no platform-wide one).
   */
  cro: { allowPrivateWebhooks: boolean; deliveryRetryMs: number; hubspotUrl?: string; zohoUrl?: string };
  /**
   * Quotas of CTA email notifications (libs/cro/src/processes/submission-delivery.ts): mails per
   * organisation per day (`CRO_NOTIFICATION_MAILS_PER_DAY`), and notified submissions per visitor
   * per CTA per hour (`CRO_NOTIFICATION_MAILS_PER_VISITOR_HOUR`).
   */
  notificationMail: { perOrganisationDay: number; perVisitorHour: number };
  /** A MaxMind `.mmdb` file (`GEOIP_DATABASE`): collected events get a country and city from it; without it they have none. */
  geoipDatabase?: string;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Reads and validates the environment; throws a `ConfigError` naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.SMTP_URL && !c.PUBLIC_URL) {
    // Links in mails are built from PUBLIC_URL only (never from a request's Host header).
    throw new ConfigError(
      'Invalid configuration:\n  PUBLIC_URL: must be set when SMTP_URL is set (links in mails are built from it)',
    );
  }
  if (c.API_PROCESSES > 1 && !c.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  API_PROCESSES: more than one API process needs DATABASE_URL (the embedded store belongs to one process)',
    );
  }
  return {
    port: c.PORT,
    host: c.HOST,
    databaseUrl: c.DATABASE_URL,
    databasePoolSize: c.DATABASE_POOL_SIZE,
    dataDir: c.DATA_DIR === 'memory://' ? c.DATA_DIR : resolve(c.DATA_DIR),
    eventStoreUrl: c.EVENTSTORE_URL,
    kafkaBrokers: c.KAFKA_BROKERS?.split(',')
      .map((b) => b.trim())
      .filter(Boolean),
    kafkaTopicPrefix: c.KAFKA_TOPIC_PREFIX,
    runProjections: c.RUN_PROJECTIONS ?? true,
    apiProcesses: c.API_PROCESSES,
    logLevel: c.LOG_LEVEL,
    adminEmail: c.ADMIN_EMAIL,
    adminPassword: c.ADMIN_PASSWORD,
    demoData: c.DEMO_DATA,
    demoTraffic: c.DEMO_TRAFFIC,
    sessionIdleMinutes: c.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: c.SESSION_ABSOLUTE_HOURS,
    consoleDir: resolve(c.CONSOLE_DIR ?? 'apps/console/dist'),
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    publicUrl: c.PUBLIC_URL?.replace(/\/$/, ''),
    fetchPrivateHosts: c.FETCH_PRIVATE_HOSTS,
    corsOrigins: c.CORS_ORIGINS
      ? c.CORS_ORIGINS.split(',').map((o) => new URL(o.trim()).origin)
      : c.PUBLIC_URL
        ? [new URL(c.PUBLIC_URL).origin]
        : [],
    trustProxy: c.TRUST_PROXY,
    http: { requestTimeoutMs: c.HTTP_REQUEST_TIMEOUT_MS, keepAliveTimeoutMs: c.HTTP_KEEP_ALIVE_TIMEOUT_MS },
    oidc:
      c.OIDC_ISSUER && c.OIDC_AUDIENCE && c.OIDC_JWKS_URL
        ? { issuer: c.OIDC_ISSUER, audience: c.OIDC_AUDIENCE, jwksUrl: c.OIDC_JWKS_URL }
        : undefined,
    rateLimits: {
      authPerAddress: c.RATE_LIMIT_AUTH_PER_MINUTE,
      publicPerAddress: c.RATE_LIMIT_PUBLIC_PER_MINUTE,
      publicPerSite: c.RATE_LIMIT_PUBLIC_SITE_PER_MINUTE,
    },
    cro: {
      allowPrivateWebhooks: c.CRO_ALLOW_PRIVATE_WEBHOOKS,
      deliveryRetryMs: c.CRO_DELIVERY_RETRY_MS,
      hubspotUrl: c.HUBSPOT_API_URL,
      zohoUrl: c.ZOHO_API_URL,
    },
    notificationMail: {
      perOrganisationDay: c.CRO_NOTIFICATION_MAILS_PER_DAY,
      perVisitorHour: c.CRO_NOTIFICATION_MAILS_PER_VISITOR_HOUR,
    },
    geoipDatabase: c.GEOIP_DATABASE === undefined ? undefined : resolve(c.GEOIP_DATABASE),
  };
}
