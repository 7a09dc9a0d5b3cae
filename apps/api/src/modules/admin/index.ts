// The admin module's surface: the app registers its routes from here.
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';
import { registerAuditTrailRoutes } from './audit-trail.routes';
import { registerServiceMonitorRoutes } from './service-monitor.routes';

/** The trail's page and its set-based record labels, for tests that count statements and probe tenant isolation. */
export { listAuditTrail } from './audit-trail.service';
export { selectRecordLabels } from './audit-trail.repository';

/** The audit trail and the service monitor (issue 6). */
export function registerAdminRoutes(app: FastifyInstance, platform: Platform): void {
  registerAuditTrailRoutes(app, platform);
  registerServiceMonitorRoutes(app, platform);
}
