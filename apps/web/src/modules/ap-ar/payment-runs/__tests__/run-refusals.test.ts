// A run's refusal puts its error on the line and field it names.
import { describe, expect, it } from 'vitest';
import { lineOfRefusal } from '../run-refusals';

describe('lineOfRefusal', () => {
  it("reads a save's field path and a post's line number", () => {
    expect(lineOfRefusal('lines.1.openItem: the open item is named twice: put its amounts on one line')).toEqual({ index: 1, field: 'openItem' });
    expect(lineOfRefusal('lines.0.amount: 1.234 has more decimals than the currency has (2)')).toEqual({ index: 0, field: 'amount' });
    expect(lineOfRefusal('Vendor RWB, VI2026-000004 (line 2): invoice VI2026-000004 is already settled')).toEqual({ index: 1, field: 'amount' });
    expect(lineOfRefusal('Vendor RV1, VI2026-000002 (line 3): invoice VI2026-000002 offers no discount on 2026-03-21 (its discount date was 2026-03-20)')).toEqual({ index: 2, field: 'discount' });
  });

  it('names no line for a refusal of the whole run', () => {
    expect(lineOfRefusal('Vendor RV3 (RV3 Ltd) has no IBAN: add it on /vendor')).toBeNull();
    expect(lineOfRefusal(null)).toBeNull();
  });
});
