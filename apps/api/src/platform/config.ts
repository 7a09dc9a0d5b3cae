import { isIP } from 'node:net';
import { z } from 'zod';

/** Every setting comes from the environment; README.md lists them. Nothing secret has a default. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('data'),
  TOKEN_SECRET: z.string().min(32, 'TOKEN_SECRET must be at least 32 characters').optional(),
  TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(8 * 60),
  PUBLIC_TOKEN: z.string().min(1).default('erp-public'),
  DEFAULT_TENANT_HOST: z.string().default('default.erp.local'),
  LOCAL_HOSTS: z.string().default('localhost,127.0.0.1,[::1]'),
  TENANT_HOST_MAP: z.string().default(''),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('ERP <no-reply@erp.local>'),
  SIGN_IN_FAILURES_MAX: z.coerce.number().int().min(1).default(5),
  SIGN_IN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  PUBLIC_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  CODE_RATE_PER_MAIL_PER_HOUR: z.coerce.number().int().min(1).default(10),
  TRUST_PROXY: z.string().default(''),
  WEB_DIST: z.string().optional(),
  API_DOCS: z.enum(['on', 'off']).optional(),
  JOBS: z.enum(['on', 'off']).default('on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  tokenSecret?: string;
  tokenTtlMinutes: number;
  publicToken: string;
  defaultTenantHost: string;
  /** Host names (lower case, no port) that stand for the default tenant host (SPEC.md section 9). */
  localHosts: string[];
  /** Extra host aliases: `alias=tenant-host` pairs. */
  tenantHostMap: Record<string, string>;
  smtpUrl?: string;
  mailFrom: string;
  signInFailuresMax: number;
  signInLockMinutes: number;
  /** Calls per minute per address on the public (unauthenticated) routes. */
  publicRatePerMinute: number;
  /** One-time code requests per hour per mail address (and twice as many tries), whatever the caller's address. */
  codeRatePerMailPerHour: number;
  /**
   * Which proxies' X-Forwarded-For is believed for the caller's address (rate limits key on it):
   * none (false, the default), those at the given addresses or CIDRs, or the given number of hops.
   */
  trustProxy: false | number | string[];
  webDist?: string;
  /** Whether Swagger UI is served at /docs (off by default when NODE_ENV is production). */
  apiDocs: boolean;
  logLevel: string;
  /** Whether this process runs the scheduled jobs (pg-boss); several servers may all run them. */
  jobsEnabled: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const e = envSchema.parse(env);
  const tenantHostMap = Object.fromEntries(
    e.TENANT_HOST_MAP.split(',')
      .map((pair) => pair.split('=').map((s) => s.trim().toLowerCase()))
      .filter((p): p is [string, string] => p.length === 2 && !!p[0] && !!p[1]),
  );
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    tokenSecret: e.TOKEN_SECRET,
    tokenTtlMinutes: e.TOKEN_TTL_MINUTES,
    publicToken: e.PUBLIC_TOKEN,
    defaultTenantHost: e.DEFAULT_TENANT_HOST.toLowerCase(),
    localHosts: e.LOCAL_HOSTS.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean),
    tenantHostMap,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    signInFailuresMax: e.SIGN_IN_FAILURES_MAX,
    signInLockMinutes: e.SIGN_IN_LOCK_MINUTES,
    publicRatePerMinute: e.PUBLIC_RATE_PER_MINUTE,
    codeRatePerMailPerHour: e.CODE_RATE_PER_MAIL_PER_HOUR,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    webDist: e.WEB_DIST,
    apiDocs: (e.API_DOCS ?? (env.NODE_ENV === 'production' ? 'off' : 'on')) === 'on',
    logLevel: e.LOG_LEVEL,
    jobsEnabled: e.JOBS === 'on',
    ...overrides,
  };
}

/** Proxy-addr's names of address ranges, which Fastify's trustProxy also takes. */
const RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: empty or `off` trusts no proxy; a whole number trusts that many hops; otherwise a
 * comma-separated list of proxy addresses or CIDRs (or loopback, linklocal, uniquelocal). `true`
 * (trust any sender) is refused: any caller could then choose its address and escape rate limits.
 */
export function parseTrustProxy(value: string): false | number | string[] {
  const text = value.trim().toLowerCase();
  if (text === '' || text === 'off' || text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((s) => s.trim()).filter(Boolean);
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/');
    const ok = RANGE_NAMES.includes(entry) || (isIP(address!) > 0 && rest.length === 0 && (bits === undefined || /^\d{1,3}$/.test(bits)));
    if (!ok) throw new Error(`TRUST_PROXY: ${entry} is neither an address, a CIDR nor a hop count`);
  }
  return entries;
}
