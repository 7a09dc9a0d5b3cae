import { failedPaymentRouteFacts, registerFailedPaymentRoutes } from './failed-payments.routes';

/** What failed payments add to the ap-ar manifest: their routes, page and audit label. */
export const failedPaymentsPart = {
  register: registerFailedPaymentRoutes,
  routes: failedPaymentRouteFacts,
  auditLabels: [{ table: 'failed_payments', key: 'id', label: `t.reason || ' · ' || t.failed_date::text` }],
  pages: ['/failed-payment'],
};
