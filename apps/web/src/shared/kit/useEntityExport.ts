import { useState } from 'react';
import type { EntityDef } from '@erp/contracts';
import { downloadExport } from './kit-api';
import type { ListState } from './list-query';
import { useNotify } from './shell-adapter';

export type ExportFormat = 'csv' | 'xlsx';

/** Downloads the whole current filter (every page) in the chosen format. */
export function useEntityExport(def: EntityDef, state: ListState) {
  const notify = useNotify();
  const [exporting, setExporting] = useState<ExportFormat | undefined>();
  const run = async (format: ExportFormat) => {
    setExporting(format);
    try {
      await downloadExport(def, state, format);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'Error');
    } finally {
      setExporting(undefined);
    }
  };
  return { exporting, run };
}
