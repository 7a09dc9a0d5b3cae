import { approvalCompletion, approvalOperations, approvalTypes, type ApprovalOperation, type ApprovalType } from '@erp/contracts';
import { unprocessable } from '../../platform/http/errors';
import type { ApprovalAdapter } from '../../platform/approval-adapter';

export type { ApprovalActor, ApprovalAdapter, ApprovalDocument } from '../../platform/approval-adapter';

/** The module each approval type waits for until it registers its documents. */
const moduleOfType = (type: ApprovalType): string | null => {
  if (type === 'None') return null;
  if (type === 'JournalApproval' || type === 'PeriodClosing' || type === 'AdjustmentJournal') return 'General Ledger';
  if (type === 'Workflow') return 'Admin';
  if (type === 'FundTransfer') return 'Cash Management';
  if (type === 'SalarySchedule') return 'Payroll';
  if (type.startsWith('StockTransfer')) return 'Inventory';
  if (type.startsWith('Customer') || type === 'RecurringCustomerPaymentApproval') return 'Account Receivable';
  if (type.startsWith('Vendor') || type === 'RecurringVendorPaymentApproval') return 'Account Payable';
  return 'Fixed Asset';
};

// One registry per process: adapters are code, registered identically by every app built in it.
const adapters = new Map<ApprovalType, ApprovalAdapter>();

export function registerApprovalDocument(type: ApprovalType, adapter: ApprovalAdapter): void {
  const allowed = approvalOperations[type];
  const bad = (adapter.completion ?? []).find((op) => !allowed.includes(op));
  if (bad) throw new Error(`${bad} is not an operation of ${type} (SPEC.md section 4: ${allowed.join(', ')})`);
  adapters.set(type, adapter);
}

export function completionOf(type: ApprovalType): readonly ApprovalOperation[] {
  return adapters.get(type)?.completion ?? approvalCompletion[type];
}

/** The adapter of a type that can be submitted; 422 for a type whose module is not built yet. */
export function adapterOf(type: ApprovalType): ApprovalAdapter {
  const adapter = adapters.get(type);
  if (adapter) return adapter;
  const module = moduleOfType(type);
  if (!module) throw unprocessable('Approval type None needs no approval: there is nothing to submit');
  throw unprocessable(`${type} documents come with the ${module} module, which does not register them yet: they cannot be submitted`);
}

export function approvalTypeInfos() {
  return approvalTypes.map((type) => {
    const available = adapters.has(type);
    return { type, operations: [...approvalOperations[type]], completion: [...completionOf(type)], available, awaiting: available ? null : moduleOfType(type) };
  });
}
