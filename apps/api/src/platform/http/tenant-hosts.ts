import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { withSystem } from '../db/tenancy';
import { tenantHosts } from '../db/tenancy.tables';

const CACHE_MS = 30_000;

/** The tenant host a request stands for: local hosts map to the default tenant host (SPEC.md section 9). */
export function canonicalHost(config: Config, hostHeader: string | undefined): string {
  const raw = (hostHeader ?? '').trim().toLowerCase();
  const host = raw.startsWith('[') ? raw.slice(0, raw.indexOf(']') + 1) : raw.split(':')[0]!;
  if (config.localHosts.includes(host)) return config.defaultTenantHost;
  return config.tenantHostMap[host] ?? host;
}

/** Host -> tenant id, read from the global host table, cached briefly (hosts rarely change). */
export class TenantHostResolver {
  private readonly cache = new Map<string, { tenantId: string; until: number }>();

  constructor(
    private readonly config: Config,
    private readonly database: Database,
  ) {}

  async resolve(hostHeader: string | undefined): Promise<string | undefined> {
    const host = canonicalHost(this.config, hostHeader);
    const hit = this.cache.get(host);
    if (hit && hit.until > Date.now()) return hit.tenantId;
    const rows = await withSystem(this.database.db, (tx) =>
      tx.select({ tenantId: tenantHosts.tenantId }).from(tenantHosts).where(eq(tenantHosts.host, host)),
    );
    const tenantId = rows[0]?.tenantId;
    if (tenantId) this.cache.set(host, { tenantId, until: Date.now() + CACHE_MS });
    return tenantId;
  }

  forget(host: string): void {
    this.cache.delete(host);
  }
}
