/** Export and import buttons of the document screens (journals, templates...) whose rows the kit's ImportWizard does not describe. */
export { ExportButton, type ExportFormat } from './ExportButton';
export { TransferButtons } from './TransferButtons';
export { ImportRowsModal, type ImportFile, type ImportMode, type ImportRows, type ImportRowsConfig } from './ImportRowsModal';
