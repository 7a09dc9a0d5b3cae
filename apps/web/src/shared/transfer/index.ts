/** Export and import buttons of the document screens (journals, templates...) whose rows the kit's ImportWizard does not describe. */
export { TransferButtons, type ExportFormat } from './TransferButtons';
export { ImportRowsModal, type ImportFile, type ImportMode, type ImportRows, type ImportRowsConfig } from './ImportRowsModal';
