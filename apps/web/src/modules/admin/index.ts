// The admin module's surface for the app: its lazily loaded screens.
export { adminPages } from './pages';
export { auditTrailLink } from './audit/audit-query';
export { csvFileName, downloadCsv, toCsv, type CsvColumn } from './csv-export';
