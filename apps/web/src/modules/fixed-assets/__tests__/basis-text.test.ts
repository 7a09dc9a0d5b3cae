// How the asset screen words a schedule row's computation, in the company's number format and its currency's decimals.
import { describe, expect, it } from 'vitest';
import { displayOf } from '../../../shared/useDisplay';
import { basisText } from '../AssetSchedulePanel';

const en = displayOf({ dateFormat: 'YYYY-MM-DD', locale: 'en-US' });
const de = displayOf({ dateFormat: 'DD.MM.YYYY', locale: 'de-DE' });

describe('basisText', () => {
  it('straight line: the share of the remaining life', () => {
    expect(basisText({ year: null, segmentMinor: '2160000', shares: [{ num: '1', den: '60' }], remainder: false }, en, 2)).toBe('1/60 of 21,600.00 over the remaining life');
  });
  it('a yearly method: the year, its rate, the straddled halves and the remainder', () => {
    const basis = { year: 2, segmentMinor: '240000', shares: [{ num: '1', den: '24' }, { num: '1', den: '24' }], remainder: true, rate: '0.369' };
    expect(basisText(basis, de, 2)).toBe('1/24 + 1/24 of year 2: 2.400,00 at rate 0.369, remainder');
  });
  it('units of production, in a currency of three decimals', () => {
    expect(basisText({ year: null, segmentMinor: '900000', shares: [{ num: '300', den: '1000' }], remainder: false, units: '300' }, en, 3)).toBe('300 units of 1000 left × 900.000');
  });
});
