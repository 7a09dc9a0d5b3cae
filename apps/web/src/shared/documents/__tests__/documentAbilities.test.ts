import { describe, expect, it } from 'vitest';
import { documentLabel, insuranceScheduleDocument as def, type Permission } from '@erp/contracts';
import { documentAbilities } from '../DocumentActionBar';

const granted = (...operations: string[]): Permission[] => [{ name: 'Fixed Asset', routes: [{ name: 'Fixed Asset', pages: [{ link: '/insurance-schedules', operations }] }] }];

describe('documentAbilities', () => {
  it('gives each ability from its own label of the kind, and nothing without a grant', () => {
    expect(documentAbilities(def, 'Policy', [])).toEqual({ save: false, edit: false, delete: false });
    expect(documentAbilities(def, 'Policy', granted(documentLabel(def, 'Save', 'Policy')))).toEqual({ save: true, edit: false, delete: false });
    expect(documentAbilities(def, 'Policy', granted(documentLabel(def, 'Edit', 'Policy'), documentLabel(def, 'Delete', 'Policy')))).toEqual({ save: false, edit: true, delete: true });
  });
});
