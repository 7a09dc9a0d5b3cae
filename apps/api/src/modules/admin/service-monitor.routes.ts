import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SERVICE_MONITOR_PAGE, serviceMonitorSchema, type ServiceMonitor } from '@erp/contracts';
import { requestTx } from '../../platform/db/tenancy';
import type { Platform } from '../../platform/platform';
import { EventLoopLag } from './event-loop-lag';
import { apiHealth, databaseHealth, isOperatorTenant, jobsHealth, mailHealth } from './service-monitor.service';

type TenantPart = { mail: ServiceMonitor['mail']; isOperator: boolean };

/** GET /admin/service-monitor: the health of the API, the database, the job queue and mail. */
export function registerServiceMonitorRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  const startedAt = new Date();
  const lag = new EventLoopLag();
  app.addHook('onClose', async () => lag.stop());

  /** The tenant's own figures; a database that cannot be read shows as mail down, not as a failed page. */
  const tenantPart = async (request: FastifyRequest): Promise<TenantPart> => {
    try {
      return await tx(request, async (t) => ({ mail: await mailHealth(t, platform, request.tenantId), isOperator: await isOperatorTenant(t, request.tenantId) }));
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const mail: ServiceMonitor['mail'] = {
        status: 'down', mode: platform.config.smtpUrl ? 'smtp' : 'outbox', counts: { queued: 0, outbox: 0, sent: 0, failed: 0 },
        lastFailures: [{ at: platform.now().toISOString(), source: 'Outbox', message: `The outbox could not be read: ${message}` }],
      };
      return { mail, isOperator: false };
    }
  };

  r.get('/admin/service-monitor', {
    config: { access: { kind: 'user', page: SERVICE_MONITOR_PAGE } },
    schema: { tags: ['Service monitor'], summary: 'Health of the API, the database, the job queue and mail, with queue depths and the last failures', response: { 200: serviceMonitorSchema } },
  }, async (request) => {
    // One after the other: embedded PGlite runs one statement at a time anyway.
    const database = await databaseHealth(platform);
    const own = await tenantPart(request);
    return {
      checkedAt: platform.now().toISOString(),
      api: apiHealth(startedAt, lag),
      database,
      jobs: await jobsHealth(platform, own.isOperator),
      mail: own.mail,
    };
  });
}
