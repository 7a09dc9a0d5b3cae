// Proves the audit trail's before/after view: fields side by side in the writer's order, exactly the changed ones flagged, unrecorded sides told apart from empty values.
import { describe, expect, it } from 'vitest';
import { diffRows, NO_VALUE, NOT_RECORDED, sideCaption, valueText } from '../audit-diff-rows';
import { actionLabel, entryTimeLabel, humanise } from '../audit-labels';
import { displayOf } from '../../../../shared/useDisplay';

const texts = (rows: ReturnType<typeof diffRows>) => rows.map((r) => [r.label, r.before.text, r.after.text, r.changed]);

describe('dates in the details', () => {
  it("writes recorded dates and timestamps in the company's format, at any depth, never as raw ISO", () => {
    const display = displayOf({ dateFormat: 'mm/dd/yyyy', locale: 'en-US', timeZone: 'UTC' });
    const rows = diffRows({ before: null, after: { journalDate: '2026-11-25', postedAt: '2026-11-25T11:29:27.000Z', code: '2026-11', lines: [{ date: '2026-02-01' }] } }, false, {}, display);
    expect(texts(rows)).toEqual([
      ['Journal date', NO_VALUE, '11/25/2026', true],
      ['Posted at', NO_VALUE, '11/25/2026 11:29 AM', true],
      ['Code', NO_VALUE, '2026-11', true],
      ['Lines', NO_VALUE, expect.stringContaining('"date": "02/01/2026"'), true],
    ]);
  });
});

describe('diffRows', () => {
  it('flags only the fields whose values differ in an edit recorded on both sides', () => {
    const rows = diffRows({
      before: { code: 'NORTH', description: 'Northern branch', accountingDate: '2026-01-01', status: 'Active' },
      after: { code: 'NORTH', description: 'Northern branch (renamed)', accountingDate: '2026-01-01', status: 'Inactive' },
    });
    expect(texts(rows)).toEqual([
      ['Code', 'NORTH', 'NORTH', false],
      ['Description', 'Northern branch', 'Northern branch (renamed)', true],
      ['Accounting date', '01/01/26', '01/01/26', false],
      ['Status', 'Active', 'Inactive', true],
    ]);
  });

  it('compares nested values whole, whatever their key order, and shows them as indented JSON', () => {
    const lines = [{ account: 'a1', debit: '100' }, { account: 'a2', credit: '100' }];
    const same = diffRows({ before: { lines, meta: { b: 1, a: 2 } }, after: { lines: lines.map((l) => ({ ...l })), meta: { a: 2, b: 1 } } });
    expect(same.map((r) => r.changed)).toEqual([false, false]);
    const amended = diffRows({ before: { lines }, after: { lines: [{ account: 'a1', debit: '120' }, { account: 'a2', credit: '120' }] } });
    expect(amended[0]!.changed).toBe(true);
    expect(amended[0]!.after).toEqual({ text: JSON.stringify([{ account: 'a1', debit: '120' }, { account: 'a2', credit: '120' }], null, 2), multiline: true, missing: false });
  });

  it('shows a creation as nothing before and every field it set as changed; an unset field as a dash, unchanged', () => {
    const rows = diffRows({ before: null, after: { code: 'HQ', locale: null, active: true, rate: 1.5 } });
    expect(texts(rows)).toEqual([
      ['Code', NO_VALUE, 'HQ', true],
      ['Locale', NO_VALUE, NO_VALUE, false],
      ['Active', NO_VALUE, 'true', true],
      ['Rate', NO_VALUE, '1.5', true],
    ]);
    expect(rows.every((r) => !r.before.missing && !r.after.missing)).toBe(true);
  });

  it('shows a deletion as every recorded field changed to nothing', () => {
    expect(texts(diffRows({ before: { code: 'OLD', name: 'Old tax' }, after: null }))).toEqual([
      ['Code', 'OLD', NO_VALUE, true],
      ['Name', 'Old tax', NO_VALUE, true],
    ]);
  });

  it('tells a field one side did not record from an empty one: not recorded is no change, a new field is one', () => {
    // The ledger records the journal header before and its input after.
    const rows = diffRows({ before: { status: 'Draft', description: 'Sale', totalBaseMinor: '0' }, after: { description: 'Sale', lines: [] } });
    expect(texts(rows)).toEqual([
      ['Status', 'Draft', NOT_RECORDED, false],
      ['Description', 'Sale', 'Sale', false],
      ['Total base minor', '0', NOT_RECORDED, false],
      ['Lines', NOT_RECORDED, '[]', true],
    ]);
    expect(rows[0]!.after.missing).toBe(true);
    expect(rows[3]!.before.missing).toBe(true);
  });

  it('treats a change that recorded only its result as all changed, and an action with no values as no rows', () => {
    expect(texts(diffRows({ before: null, after: { status: 'Posted' } }))).toEqual([['Status', NO_VALUE, 'Posted', true]]);
    expect(diffRows({ before: null, after: null })).toEqual([]);
  });

  it('keeps only the changed fields when asked', () => {
    const entry = { before: { a: 1, b: 2, c: 3 }, after: { a: 1, b: 5, c: 3 } };
    expect(diffRows(entry, true).map((r) => r.field)).toEqual(['b']);
    expect(diffRows(entry).map((r) => r.field)).toEqual(['a', 'b', 'c']);
  });

  it('wraps a value that is no object as one field', () => {
    expect(texts(diffRows({ before: 'old text', after: 'new text' }))).toEqual([['Value', 'old text', 'new text', true]]);
  });
});

describe('labels', () => {
  it('reads values, names and actions as a person would', () => {
    expect(valueText('')).toEqual({ text: NO_VALUE, multiline: false });
    expect(valueText('two\nlines')).toEqual({ text: 'two\nlines', multiline: true });
    expect(valueText(0)).toEqual({ text: '0', multiline: false });
    expect(valueText(false)).toEqual({ text: 'false', multiline: false });
    expect(humanise('fiscalYear')).toBe('Fiscal year');
    expect(humanise('role-permissions')).toBe('Role permissions');
    expect(humanise('totalBaseMinor')).toBe('Total base minor');
    expect(humanise('user')).toBe('User');
    expect(actionLabel('create')).toBe('Created');
    expect(actionLabel('sign-in')).toBe('Signed in');
    expect(actionLabel('year-end-close')).toBe('Year end close');
    expect(sideCaption(null, 'before')).toBe('nothing recorded before');
    expect(sideCaption({ a: 1 }, 'after')).toBeUndefined();
  });

  it('labels an entry time with the relative day of SPEC.md section 9 and the local time', () => {
    const today = new Date(2026, 2, 10, 15, 0, 0);
    expect(entryTimeLabel(new Date(2026, 2, 10, 9, 5, 7).toISOString(), today)).toBe('Today 09:05:07');
    expect(entryTimeLabel(new Date(2026, 2, 9, 23, 59, 0).toISOString(), today)).toBe('Yesterday 23:59:00');
    expect(entryTimeLabel(new Date(2026, 2, 3, 10, 0, 0).toISOString(), today)).toBe('March 3 10:00:00');
    expect(entryTimeLabel(new Date(2025, 2, 3, 10, 0, 0).toISOString(), today)).toBe('March 3, 2025 10:00:00');
  });
});

describe('record ids named by the page', () => {
  const account = '9d15a0cf-6698-491f-8429-d6ef5e29be29';
  const partner = '4f0c2b1e-1111-4a2b-8c3d-000000000002';
  const other = '4f0c2b1e-1111-4a2b-8c3d-000000000003';
  const labels = { [account]: '1010 · Cash at bank', [partner]: 'SOUTH', [other]: 'WEST' };

  it('shows a known id as its label, keeping the id; an unknown id or plain text stays as it is', () => {
    expect(valueText(partner, labels)).toEqual({ text: 'SOUTH', multiline: false, id: partner });
    expect(valueText(partner.toUpperCase(), labels)).toEqual({ text: 'SOUTH', multiline: false, id: partner.toUpperCase() });
    expect(valueText('4f0c2b1e-1111-4a2b-8c3d-0000000000ff', labels)).toEqual({ text: '4f0c2b1e-1111-4a2b-8c3d-0000000000ff', multiline: false });
    expect(valueText('SOUTH', labels)).toEqual({ text: 'SOUTH', multiline: false });
  });

  it('names the ids inside nested values and compares the recorded ids, not the labels', () => {
    const rows = diffRows({
      before: { partnerCompany: partner, lines: [{ account, debit: '100' }] },
      after: { partnerCompany: other, lines: [{ account, debit: '100' }] },
    }, false, labels);
    expect(texts(rows)).toEqual([
      ['Partner company', 'SOUTH', 'WEST', true],
      ['Lines', ...[1, 2].map(() => JSON.stringify([{ account: '1010 · Cash at bank', debit: '100' }], null, 2)), false],
    ]);
    expect(rows[0]!.before.id).toBe(partner);
    // Without labels the ids show as recorded.
    expect(texts(diffRows({ before: { partnerCompany: partner }, after: { partnerCompany: other } }))).toEqual([['Partner company', partner, other, true]]);
  });
});
