import { recurringPaymentFaces, sides } from '@erp/contracts';
import type { Platform } from '../../../platform/platform';
import { moduleDocument } from '../../../platform/kit/documents';
import { recurringPaymentBinding } from './recurring-payments.document';
import { recurringPaymentRouteFacts, registerRecurringPaymentRoutes } from './recurring-payments.routes';
import { RECURRING_PAYMENTS_JOB, RECURRING_PAYMENTS_JOB_CRON, runDueRecurringPayments } from './recurring-payments.run';

/** What recurring payments add to the ap-ar manifest: two schedule documents, Run now and history, the job, audit labels. */
export const recurringPaymentsPart = {
  documents: sides.map((side) => moduleDocument(recurringPaymentBinding(recurringPaymentFaces[side]))),
  register: registerRecurringPaymentRoutes,
  routes: recurringPaymentRouteFacts,
  jobs: [{ name: RECURRING_PAYMENTS_JOB, cron: RECURRING_PAYMENTS_JOB_CRON, run: (platform: Platform, now: Date) => runDueRecurringPayments(platform, now, sides.map((s) => recurringPaymentFaces[s])) }],
  auditLabels: [{ table: 'recurring_payments', key: 'id', label: `t.code || ' · ' || t.description` }],
  pages: sides.flatMap((side) => [recurringPaymentFaces[side].pages.list, recurringPaymentFaces[side].pages.editor]),
};
