// Proves a template's grid becomes the contract's body (no rates, amounts as typed, blank amounts kept blank) and that the editor names what stops a save.
import { describe, expect, it } from 'vitest';
import { journalTemplateInputSchema, type JournalTemplateView } from '@erp/contracts';
import { emptyLine, type GridLine } from '../../journals/journal-lines';
import { blankTemplateHeader, buildTemplateInput, linesFromTemplate, templateProblems } from '../template-lines';

const rent = '20000000-0000-4000-8000-000000006100';
const petty = '20000000-0000-4000-8000-000000001010';
const line = (patch: Partial<GridLine>): GridLine => ({ ...emptyLine('USD'), ...patch });
const header = { ...blankTemplateHeader(), code: ' RENT ', name: 'Monthly rent', description: '  ' };
const scales = { USD: 2, EUR: 2, JPY: 0 };

describe('template body', () => {
  it('sends no rate, drops blank lines, keeps amounts as typed and leaves blank amounts out', () => {
    const body = buildTemplateInput(header, [
      line({ account: rent, currency: 'EUR', rate: '1.2', debit: '1000.10', description: ' Rent ' }),
      line({}),
      line({ account: petty, credit: '' }),
    ]);
    expect(body).toEqual({
      code: 'RENT',
      name: 'Monthly rent',
      kind: 'Standard',
      active: true,
      lines: [
        { account: rent, currency: 'EUR', debit: '1000.10', description: 'Rent' },
        { account: petty, currency: 'USD' },
      ],
    });
    expect(journalTemplateInputSchema.safeParse(body).success).toBe(true);
  });

  it('reads a saved template back into grid lines with empty rates', () => {
    const view = {
      lines: [{ lineNo: 1, account: rent, accountCode: '6100', accountName: 'Rent', description: null, currency: 'USD', debit: '', credit: '12.00', dimensions: { DEPT: 'SALES' }, tax: null }],
    } as Pick<JournalTemplateView, 'lines'>;
    const [first] = linesFromTemplate(view as JournalTemplateView);
    expect(first).toMatchObject({ account: rent, accountLabel: '6100 · Rent', description: '', rate: '', debit: '', credit: '12.00', dimensions: { DEPT: 'SALES' } });
  });
});

describe('template checks', () => {
  it('names a missing code and name and a template of fewer than two lines', () => {
    expect(templateProblems(blankTemplateHeader(), [line({ account: rent })], scales)).toEqual(['Please supply a code', 'Please supply a name', 'A template needs at least two lines']);
  });

  it('names each bad line by its grid number, blank lines counted', () => {
    const problems = templateProblems(header, [line({ account: rent, debit: '1.234' }), line({}), line({ debit: '5' }), line({ account: petty, currency: 'JPY', credit: '7' })], scales);
    expect(problems).toEqual(['Line 1: amounts must be positive with at most 2 decimals', 'Line 3: Please choose an account']);
  });

  it('passes a template whose amounts are left to fill', () => {
    expect(templateProblems(header, [line({ account: rent }), line({ account: petty })], scales)).toEqual([]);
  });
});
