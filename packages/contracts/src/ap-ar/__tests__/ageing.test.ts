import { describe, expect, it } from 'vitest';
import { ageingBucketLabels, ageingQuerySchema } from '../ageing';

describe('ageing query', () => {
  it('defaults to due date; buckets are rising upper bounds in days, labelled from them', () => {
    const q = ageingQuerySchema.parse({ asOf: '2026-03-31' });
    expect(q.basis).toBe('DueDate');
    expect(q.buckets).toBeUndefined();
    expect(ageingBucketLabels([30, 60, 90])).toEqual(['Current', '1-30', '31-60', '61-90', 'Over 90']);
    expect(ageingQuerySchema.parse({ asOf: '2026-03-31', buckets: '7, 14'.replace(' ', '') }).buckets).toEqual([7, 14]);
    expect(ageingBucketLabels([7, 14])).toEqual(['Current', '1-7', '8-14', 'Over 14']);
  });

  it('refuses bounds that do not rise, a zero day, or other text', () => {
    for (const buckets of ['60,30', '0,30', '30,30', 'a', '30,', '']) expect(ageingQuerySchema.safeParse({ asOf: '2026-03-31', buckets }).success, buckets).toBe(false);
    expect(ageingQuerySchema.safeParse({ asOf: '2026-03-31', basis: 'Other' }).success).toBe(false);
  });
});
