// The admin module's surface: the app composes its manifest.
import type { FastifyInstance } from 'fastify';
import type { ModuleManifest } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import { registerAuditTrailRoutes } from './audit-trail.routes';
import { registerServiceMonitorRoutes } from './service-monitor.routes';

/** The trail's page and its set-based record labels, for tests that count statements and probe tenant isolation. */
export { listAuditTrail } from './audit-trail.service';
export { selectRecordLabels } from './audit-trail.repository';
/** The monitor's thresholds and the API's own health, for the test that checks the status follows them. */
export { apiHealth, DB_LATENCY_WARN_MS, LAG_P99_WARN_MS } from './service-monitor.service';

/** The audit trail and the service monitor (issue 6). */
export const adminModule: ModuleManifest = {
  name: 'admin',
  register: (app: FastifyInstance, platform: Platform) => {
    registerAuditTrailRoutes(app, platform);
    registerServiceMonitorRoutes(app, platform);
  },
  pages: ['/service-monitor'],
  routes: {
    'GET /admin/audit-trail': { rows: 'tenant', why: 'the audit trail (audit_log has no company)' },
    'GET /admin/audit-trail/entities': { rows: 'tenant', why: 'the audit trail' },
    'GET /admin/audit-trail/export': { rows: 'tenant', why: 'the audit trail' },
    'GET /admin/service-monitor': { rows: 'none', why: 'no company rows' },
  },
};
