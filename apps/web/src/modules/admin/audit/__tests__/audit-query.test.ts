// Proves the audit trail's filter round-trips through the address and reaches the API with the local day's bounds.
import { describe, expect, it } from 'vitest';
import { auditExportPath, auditTrailLink, auditTrailPath, dayBound, filterFromParams, hasFilter, paramsFromFilter } from '../audit-query';

describe('audit filter', () => {
  it('reads the address, leaving out empty values and dates that are not ISO days', () => {
    const params = new URLSearchParams('entity=journal&recordId=%20j-1%20&userId=&from=2026-03-01&to=03-31-2026&search=rent&other=x');
    expect(filterFromParams(params)).toEqual({ entity: 'journal', recordId: 'j-1', from: '2026-03-01', search: 'rent' });
    expect(paramsFromFilter({ entity: 'journal', recordId: ' ', action: 'edit' })).toEqual({ entity: 'journal', action: 'edit' });
    expect(hasFilter({})).toBe(false);
    expect(hasFilter({ search: '  ' })).toBe(false);
    expect(hasFilter({ userId: 'u' })).toBe(true);
  });

  it('sends days as the first and last instant of the local day', () => {
    const from = dayBound('2026-03-01', false);
    const to = dayBound('2026-03-31', true);
    expect(new Date(from).getTime()).toBe(new Date(2026, 2, 1).getTime());
    expect(new Date(to).getTime()).toBe(new Date(2026, 2, 31, 23, 59, 59, 999).getTime());
    const path = new URL(auditTrailPath({ entity: 'journal', from: '2026-03-01', to: '2026-03-31' }, '42', 50), 'http://x');
    expect(path.pathname).toBe('/admin/audit-trail');
    expect(Object.fromEntries(path.searchParams)).toEqual({ entity: 'journal', from, to, limit: '50', cursor: '42' });
    expect(auditTrailPath({})).toBe('/admin/audit-trail?limit=20');
    expect(auditExportPath({ recordId: 'a b' }, 'xlsx')).toBe('/admin/audit-trail/export?recordId=a+b&format=xlsx');
  });

  it("links to one record's history", () => {
    expect(auditTrailLink('journal', '9d15a0cf-6698-491f-8429-d6ef5e29be29')).toBe('/audit-trail?entity=journal&recordId=9d15a0cf-6698-491f-8429-d6ef5e29be29');
  });
});
