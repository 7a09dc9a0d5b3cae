import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { EntityDef, EntityImportResult } from '@erp/contracts';
import { parseCsv, readAsBase64, readAsText, type Table } from './import-file';
import { entityKey, importEntities } from './kit-api';

export type ImportPhase = 'choose' | 'checking' | 'preview' | 'importing' | 'done';
export type ImportMode = 'all' | 'valid';

type ChosenFile = { fileName: string; contentBase64: string; raw: Table | undefined };

export type ImportWizardState = {
  phase: ImportPhase;
  file?: ChosenFile;
  preview?: EntityImportResult;
  /** The answer of the import that ran, and in which mode. */
  done?: EntityImportResult & { mode: ImportMode };
  /** The mode of the import under way. */
  running?: ImportMode;
  error?: string;
};

const ACCEPTED = /\.(csv|xlsx)$/i;
const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Error');

/** Choose a file, preview it (dry run), then import all rows or only the valid ones. */
export function useImportWizard(def: EntityDef) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ImportWizardState>({ phase: 'choose' });

  const choose = async (file: File) => {
    if (!ACCEPTED.test(file.name)) {
      setState({ phase: 'choose', error: 'Choose a .csv or .xlsx file' });
      return;
    }
    setState({ phase: 'checking' });
    try {
      const contentBase64 = await readAsBase64(file);
      const raw = /\.csv$/i.test(file.name) ? parseCsv(await readAsText(file)) : undefined;
      const chosen = { fileName: file.name, contentBase64, raw };
      const preview = await importEntities(def, { fileName: file.name, contentBase64, dryRun: true, mode: 'all' });
      setState({ phase: 'preview', file: chosen, preview });
    } catch (error) {
      setState({ phase: 'choose', error: messageOf(error) });
    }
  };

  const run = async (mode: ImportMode) => {
    const { file, preview } = state;
    if (!file || !preview) return;
    setState({ ...state, phase: 'importing', running: mode, error: undefined });
    try {
      const result = await importEntities(def, { fileName: file.fileName, contentBase64: file.contentBase64, dryRun: false, mode });
      setState({ phase: 'done', file, preview, done: { ...result, mode } });
      await queryClient.invalidateQueries({ queryKey: entityKey(def) });
    } catch (error) {
      setState({ phase: 'preview', file, preview, error: messageOf(error) });
    }
  };

  const reset = () => setState({ phase: 'choose' });
  return { state, choose, run, reset };
}
