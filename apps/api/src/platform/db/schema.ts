// Every Drizzle table of the application, for the client's relational API and for drizzle-kit.
export * from './tenancy.tables';
export * from '../../modules/organisation/organisation.tables';
export * from '../../modules/auth/auth.tables';
export * from '../audit/audit.tables';
export * from '../mail/mail.tables';
export * from '../../modules/ledger/setup.tables';
export * from '../../modules/ledger/periods.tables';
export * from '../../modules/ledger/journals.tables';
export * from '../../modules/ledger/templates.tables';
export * from '../../modules/ledger/recurring.tables';
export * from '../../modules/ledger/intercompany.tables';
export * from '../../modules/workflow/workflow.tables';
export * from '../http/idempotency.tables';
