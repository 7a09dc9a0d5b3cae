// Proves company isolation between two companies of one tenant: a user whose company is A gets 404 or nothing of company B through every
// company-scoped route, and never writes into B; in SQL, a transaction of company A sees no row of B in any company table and cannot move a row into B.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faces, transformPassword, type Company, type EntityRecord, type ErrorObject, type Role } from '@erp/contracts';
import { rowsOf } from '../../src/platform/db/client';
import { withSystem, withTenant } from '../../src/platform/db/tenancy';
import { declaredRoutes, kitRoutes, knownRoutes, undeclaredRoutes } from '../helpers/routes';
import { adminOf, call, createTestApp, signIn, type Session, type TestApp, type TestTenant } from '../helpers/test-app';
import { openBooks } from '../ledger/helpers';
import { createSample } from '../kit/samples';
import { insertStatement } from '../cash-management/reconciliation-statements';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** A request A's user makes with B's ids, and what it may answer (`file`: a download, read as text). */
type Attack = { url: string; body?: unknown; status: number[]; file?: true; echo?: true; check?: (body: unknown) => void | Promise<void> };
type Endpoint = { route: string; attacks: () => Attack[] };

let t: TestApp;
let tenant: TestTenant;
/** The admin of company A (the tenant's first company), the admin of B, and of C (B's intercompany partner). */
let a: Session;
let b: Session;
let c: Session;
/** What B holds that A must never see or touch. */
const B = {} as { companyId: string; cCompanyId: string; fiscalYearId: string; periodId: string; sequenceId: string; accountId: string; journalId: string; draftId: string; templateId: string; recurringId: string; icJournalId: string; icTemplateId: string; workflowId: string; stepId: string; ruleId: string; kit: Map<string, EntityRecord>; docs: Record<string, string> };

const as = (who: Session) => <T = unknown>(method: Method, url: string, body?: unknown) => call<T>(t.app, tenant.host, method, url, body, who);
const asA = <T = unknown>(method: Method, url: string, body?: unknown) => as(a)<T>(method, url, body);
const asB = <T = unknown>(method: Method, url: string, body?: unknown) => as(b)<T>(method, url, body);
const fileAsA = async (url: string): Promise<{ status: number; body: string }> => {
  const res = await t.app.inject({ method: 'GET', url, headers: { host: tenant.host, authorization: `Bearer ${a.token}`, token: a.tenantId } });
  return { status: res.statusCode, body: res.body };
};

/** Every identifier and text of B's rows. */
const markersOfB = () => [B.fiscalYearId, B.periodId, B.sequenceId, B.journalId, B.draftId, B.templateId, B.recurringId, B.icJournalId, B.icTemplateId, B.workflowId, B.ruleId, ...[...B.kit.values()].map((r) => r.id), ...Object.values(B.docs ?? {}), 'Secret of B', 'BSECRET'];
function expectNothingOfB(body: unknown, what: string): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body ?? null);
  for (const marker of markersOfB()) expect(text, `${what} leaks ${marker}`).not.toContain(marker);
}

/** The id of B's sample record a company route's `:id` names (its manifest says which kind: `sample`). */
const sampleOfB = (kind: string): string => {
  const ids: Record<string, string> = {
    fiscalYear: B.fiscalYearId, accountingPeriod: B.periodId, numberSequence: B.sequenceId, account: B.accountId, journal: B.journalId, draftJournal: B.draftId,
    journalTemplate: B.templateId, recurringJournal: B.recurringId, intercompanyJournal: B.icJournalId, intercompanyTemplate: B.icTemplateId,
    workflow: B.workflowId, escalationRule: B.ruleId, company: B.companyId,
    vendorInvoice: B.docs['payables.draft']!, vendorCreditNote: B.docs['payables.credit']!, customerInvoice: B.docs['receivables.draft']!, customerCreditNote: B.docs['receivables.credit']!,
    asset: B.kit.get('asset')?.id ?? '', depreciationRun: B.docs.depreciationRun!, assetDisposal: B.docs.assetDisposal!, assetRevaluation: B.docs.assetRevaluation!,
    assetCapitalisation: B.docs.assetCapitalisation!, maintenanceSchedule: B.kit.get('maintenanceSchedule')?.id ?? '',
    assetSplit: B.docs.assetSplit!, insuranceSchedule: B.docs.insuranceSchedule!, assetStock: B.kit.get('assetStock')?.id ?? '', assetStockIssue: B.docs.assetStockIssue!,
    vendorPayment: B.docs['payables.payment']!, customerPayment: B.docs['receivables.payment']!, fundTransfer: B.docs.fundTransfer!, bank: B.kit.get('bank')?.id ?? '',
    vendorRecurringPayment: B.docs['payables.recurring']!, customerRecurringPayment: B.docs['receivables.recurring']!, failedPayment: B.docs['receivables.failed']!,
    bankStatement: B.docs.bankStatement!,
    vendorPaymentRun: B.docs['payables.run']!, customerPaymentRun: B.docs['receivables.run']!,
  };
  if (!Object.hasOwn(ids, kind)) throw new Error(`No sample of B is a ${kind}: make one in booksOfB`);
  return ids[kind]!;
};

const noneOfB = (what: string) => (body: unknown) => expectNothingOfB(body, what);
const gone = (status = [404]) => status;

/**
 * The company-scoped hand-written routes of the manifests, each with A's attacks on B: written here
 * when the attack needs a body or a check, else derived from the manifest (B's sample in the `:id`,
 * which must answer 404).
 */
function endpoints(): Endpoint[] {
  const written = handAttacks();
  const derived = [...declaredRoutes(t.platform).values()].flatMap(({ key, facts }) => {
    if (facts.rows !== 'company' || written.some((e) => e.route === key)) return [];
    const sample = facts.sample;
    if (!sample) return [{ route: key, attacks: (): Attack[] => { throw new Error(`${key}: a company route without a sample needs its attacks written here`); } }];
    return [{ route: key, attacks: () => [{ url: key.split(' ')[1]!.replace(/:\w+/, sampleOfB(sample)), status: gone() }] }];
  });
  return [...written, ...derived];
}

/** Attacks that need more than B's sample id: bodies, queries, lists, files. */
function handAttacks(): Endpoint[] {
  const lines = () => [{ account: B.accountId, currency: 'USD', debit: '1' }, { account: B.accountId, currency: 'USD', credit: '1' }];
  const journalBody = () => ({ journalDate: '2026-03-03', description: 'x', lines: lines() });
  const noAccount = (body: unknown) => expect((body as ErrorObject).message).toMatch(/account does not exist in this company/);
  const tpl = '/gl/journal-templates';
  const rj = '/gl/recurring-journals';
  const wf = '/workflow/workflows';
  const esc = '/workflow/escalations';
  const ic = '/gl/intercompany-journals';
  const ict = '/gl/intercompany-journal-templates';
  const icBody = () => ({ partnerCompany: B.cCompanyId, journalDate: '2026-03-03', description: 'x', lines: [{ company: B.companyId, account: B.accountId, currency: 'USD', debit: '1' }, { company: B.cCompanyId, account: B.accountId, currency: 'USD', credit: '1' }] });
  const icTemplateBody = () => ({ code: 'SPY', name: 'x', partnerCompany: B.cCompanyId, lines: [{ company: B.companyId, account: B.accountId, currency: 'USD' }, { company: B.cCompanyId, account: B.accountId, currency: 'USD' }] });
  const csv = (text: string) => ({ fileName: 'spy.csv', contentBase64: Buffer.from(text).toString('base64'), dryRun: false, mode: 'all' });
  const list = (url: string): Attack[] => [{ url, status: [200], check: noneOfB(url) }];
  const nothingWritten = (body: unknown) => expect((body as { written?: number }).written ?? 0).toBe(0);
  const invoiceAttacks = [faces.payables, faces.receivables].flatMap((face) => [false, true].flatMap((credit): Endpoint[] => {
    const base = `/${face.service}/${face.partyWord}-${credit ? 'credit-notes' : 'invoices'}`;
    const body = () => ({ party: B.docs[`${face.side}.party`], documentDate: '2026-03-03', description: 'x', lines: [{ account: B.accountId, unitPrice: '1' }], ...(credit ? { invoice: B.docs[`${face.side}.posted`] } : {}) });
    return [
      { route: `GET ${base}`, attacks: () => [...list(`${base}?limit=500`), ...list(`${base}?limit=500&party=${B.docs[`${face.side}.party`]}`)] },
      { route: `GET ${base}/export`, attacks: () => [{ url: `${base}/export?format=csv`, file: true, status: [200], check: noneOfB(`${base} export`) }] },
      { route: `GET ${base}/sums`, attacks: () => [{ url: `${base}/sums?party=${B.docs[`${face.side}.party`]}`, status: [200], check: (b) => expect(b).toMatchObject({ count: 0 }) }] },
      { route: `POST ${base}`, attacks: () => [{ url: base, body: body(), status: [422], check: (b) => expect((b as ErrorObject).message).toMatch(/does not exist in this company/) }] },
      { route: `PUT ${base}/:id`, attacks: () => [{ url: `${base}/${B.docs[`${face.side}.${credit ? 'credit' : 'draft'}`]}`, body: body(), status: gone() }] },
      ...['post', 'check'].map((action) => ({ route: `POST ${base}/${action}`, attacks: () => [{ url: `${base}/${action}`, body: body(), status: [422], check: (b: unknown) => expect((b as ErrorObject).message).toMatch(/does not exist in this company/) }] })),
    ];
  }));
  const statementAttacks: Endpoint[] = [
    { route: 'GET /cm/bank-statements', attacks: () => list(`/cm/bank-statements?limit=100&bank=${B.kit.get('bank')!.id}`) },
    { route: 'GET /cm/bank-statements/export', attacks: () => [{ url: '/cm/bank-statements/export?format=csv', file: true, status: [200], check: noneOfB('statement export') }] },
    ...['preview', 'import'].map((action) => ({ route: `POST /cm/bank-statements/${action}`, attacks: () => [{ url: `/cm/bank-statements/${action}?bank=${B.kit.get('bank')!.id}&fileName=x.940`, status: gone() }] })),
    { route: 'PUT /cm/statement-mappings/:bankId', attacks: () => [{ url: `/cm/statement-mappings/${B.kit.get('bank')!.id}`, body: { dateColumn: 'Date', amountColumn: 'Amount' }, status: gone() }] },
  ];
  const runs = '/fa/depreciation-runs';
  const runBody = () => ({ period: '2026-03-31', assetClass: B.kit.get('assetClass')!.id });
  const runAttacks: Endpoint[] = [
    { route: `GET ${runs}`, attacks: () => list(`${runs}?limit=500`) },
    { route: `GET ${runs}/export`, attacks: () => [{ url: `${runs}/export?format=csv`, file: true, status: [200], check: noneOfB(`${runs} export`) }] },
    { route: `POST ${runs}`, attacks: () => [{ url: runs, body: runBody(), status: [422], check: (b) => expect((b as ErrorObject).message).toMatch(/No such asset class in this company/) }] },
    { route: `PUT ${runs}/:id`, attacks: () => [{ url: `${runs}/${B.docs.depreciationRun}`, body: { period: '2026-03-31' }, status: gone() }] },
    { route: `POST ${runs}/:id/reverse`, attacks: () => [{ url: `${runs}/${B.docs.depreciationRun}/reverse`, body: { date: '2026-03-31' }, status: gone() }] },
    { route: 'POST /fa/assets/:id/usage', attacks: () => [{ url: `/fa/assets/${B.kit.get('asset')!.id}/usage`, body: { period: '2026-03-01', units: 1 }, status: gone() }] },
    { route: 'POST /fa/asset-stock-issues/:id/undo', attacks: () => [{ url: `/fa/asset-stock-issues/${B.docs.assetStockIssue}/undo`, body: { date: '2026-03-31' }, status: gone() }] },
    { route: 'POST /fa/asset-stocks/:id/issue', attacks: () => [{ url: `/fa/asset-stocks/${B.kit.get('assetStock')!.id}/issue`, body: { quantity: '1', issueDate: '2026-03-31' }, status: gone() }] },
    { route: 'POST /fa/assets/:id/change-terms', attacks: () => [{ url: `/fa/assets/${B.kit.get('asset')!.id}/change-terms`, body: { from: '2026-03-01', cost: '1' }, status: gone() }] },
    { route: 'POST /fa/assets/:id/capitalise', attacks: () => [{ url: `/fa/assets/${B.kit.get('asset')!.id}/capitalise`, body: { date: '2026-03-31', amount: '1' }, status: gone() }] },
    { route: 'POST /fa/capitalisations/:id/reverse', attacks: () => [{ url: `/fa/capitalisations/${B.docs.assetCapitalisation}/reverse`, body: { date: '2026-03-31' }, status: gone() }] },
    { route: 'GET /fa/capitalisable-invoice-lines', attacks: () => [{ url: `/fa/capitalisable-invoice-lines?vendorInvoice=${B.docs['payables.posted']}&all=true`, status: [200], check: (b) => (expect(b).toEqual([]), noneOfB('capitalisable lines')(b)) }] },
    { route: 'POST /fa/vendor-invoice-capitalisations', attacks: () => [{ url: '/fa/vendor-invoice-capitalisations', body: { vendorInvoice: B.docs['payables.posted'], asset: B.kit.get('asset')!.id, lines: [{ lineNo: 1, amount: '1' }] }, status: [422], check: (b) => expect((b as ErrorObject).message).toMatch(/No such vendor invoice in this company/) }] },
    { route: 'POST /fa/vendor-invoice-assets', attacks: () => [{ url: '/fa/vendor-invoice-assets', body: { vendorInvoice: B.docs['payables.posted'], assets: [{ lineNo: 1, amount: '1', assetClass: B.kit.get('assetClass')!.id, description: 'x' }] }, status: [422], check: (b) => expect((b as ErrorObject).message).toMatch(/No such vendor invoice in this company/) }] },
    { route: 'POST /fa/maintenance-schedules/:id/complete', attacks: () => [{ url: `/fa/maintenance-schedules/${B.kit.get('maintenanceSchedule')!.id}/complete`, body: { completedDate: '2026-03-31', actualCost: '1', treatment: 'Expensed' }, status: gone() }] },
    { route: `POST ${runs}/:id/submit`, attacks: () => [{ url: `${runs}/${B.docs.depreciationRun}/submit`, body: {}, status: gone() }] },
  ];
  const disposals = '/fa/disposals';
  const disposalBody = () => ({ asset: B.kit.get('asset')!.id, disposalDate: '2026-03-31', disposalType: 'Scrap' });
  const disposalAttacks: Endpoint[] = [
    { route: `GET ${disposals}`, attacks: () => list(`${disposals}?limit=500`) },
    { route: `GET ${disposals}/export`, attacks: () => [{ url: `${disposals}/export?format=csv`, file: true, status: [200], check: noneOfB(`${disposals} export`) }] },
    { route: `POST ${disposals}`, attacks: () => [{ url: disposals, body: disposalBody(), status: [422], check: (b) => expect((b as ErrorObject).message).toMatch(/No such asset in this company/) }] },
    { route: `PUT ${disposals}/:id`, attacks: () => [{ url: `${disposals}/${B.docs.assetDisposal}`, body: disposalBody(), status: gone() }] },
    { route: `POST ${disposals}/:id/reverse`, attacks: () => [{ url: `${disposals}/${B.docs.assetDisposal}/reverse`, body: { date: '2026-03-31' }, status: gone() }] },
    { route: `POST ${disposals}/:id/submit`, attacks: () => [{ url: `${disposals}/${B.docs.assetDisposal}/submit`, body: {}, status: gone() }] },
    // The fixed-asset reports: A's register, forecast and movement schedule name none of B's classes or assets.
    ...(['register?asOf=2026-12-31', 'forecast?from=2026-01&to=2026-12&by=Asset', 'movements?from=2026-01-01&to=2026-12-31'] as const).flatMap((q) => {
      const path = `/fa/reports/${q.split('?')[0]}`;
      const noB = (body: unknown) => {
        for (const id of [B.kit.get('assetClass')!.id, B.kit.get('asset')!.id]) expect(JSON.stringify(body)).not.toContain(id);
      };
      return [
        { route: `GET ${path}`, attacks: () => [{ url: `/fa/reports/${q}`, status: [200], check: noB }] },
        { route: `GET ${path}/export`, attacks: () => [{ url: `${path}/export?${q.split('?')[1]}&format=xlsx`, file: true as const, status: [200] }] },
      ];
    }),
  ];
  const revaluations = '/fa/revaluations';
  const revaluationBody = () => ({ revaluationDate: '2026-03-31', lines: [{ asset: B.kit.get('asset')!.id, fairValue: '1' }] });
  const revaluationAttacks: Endpoint[] = [
    { route: `GET ${revaluations}`, attacks: () => list(`${revaluations}?limit=500`) },
    { route: `GET ${revaluations}/export`, attacks: () => [{ url: `${revaluations}/export?format=csv`, file: true, status: [200], check: noneOfB(`${revaluations} export`) }] },
    { route: `POST ${revaluations}`, attacks: () => [{ url: revaluations, body: revaluationBody(), status: [422], check: (b) => expect((b as ErrorObject).message).toMatch(/No such asset in this company/) }] },
    { route: `PUT ${revaluations}/:id`, attacks: () => [{ url: `${revaluations}/${B.docs.assetRevaluation}`, body: revaluationBody(), status: gone() }] },
    { route: `POST ${revaluations}/:id/reverse`, attacks: () => [{ url: `${revaluations}/${B.docs.assetRevaluation}/reverse`, body: { date: '2026-03-31' }, status: gone() }] },
    { route: `POST ${revaluations}/:id/submit`, attacks: () => [{ url: `${revaluations}/${B.docs.assetRevaluation}/submit`, body: {}, status: gone() }] },
  ];
  const splits = '/fa/splits';
  const splitBody = () => ({ asset: B.kit.get('asset')!.id, splitDate: '2026-03-31', basis: 'Percent', parts: [{ share: '50' }, { share: '50' }] });
  const splitAttacks: Endpoint[] = [
    { route: `GET ${splits}`, attacks: () => list(`${splits}?limit=500`) },
    { route: `GET ${splits}/export`, attacks: () => [{ url: `${splits}/export?format=csv`, file: true, status: [200], check: noneOfB(`${splits} export`) }] },
    { route: `POST ${splits}`, attacks: () => [{ url: splits, body: splitBody(), status: [422], check: (b) => expect((b as ErrorObject).message).toMatch(/No such asset in this company/) }] },
    { route: `PUT ${splits}/:id`, attacks: () => [{ url: `${splits}/${B.docs.assetSplit}`, body: splitBody(), status: gone() }] },
    { route: `POST ${splits}/:id/reverse`, attacks: () => [{ url: `${splits}/${B.docs.assetSplit}/reverse`, body: { date: '2026-03-31' }, status: gone() }] },
    { route: `POST ${splits}/:id/submit`, attacks: () => [{ url: `${splits}/${B.docs.assetSplit}/submit`, body: {}, status: gone() }] },
  ];
  const policies = '/fa/insurance-schedules';
  const policyBody = () => ({ insurer: B.kit.get('insuranceCompany')!.id, policyNumber: 'SPY', startDate: '2026-01-01', expiryDate: '2026-12-31', premium: '1', premiumFrequency: 'Once', lines: [{ asset: B.kit.get('asset')!.id, insuredValue: '1' }] });
  const insuranceAttacks: Endpoint[] = [
    { route: `GET ${policies}`, attacks: () => [...list(`${policies}?limit=500`), ...list(`${policies}?limit=500&insurer=${B.kit.get('insuranceCompany')!.id}`)] },
    { route: `GET ${policies}/export`, attacks: () => [{ url: `${policies}/export?format=csv`, file: true, status: [200], check: noneOfB(`${policies} export`) }] },
    { route: `POST ${policies}`, attacks: () => [{ url: policies, body: policyBody(), status: [422], check: (b) => expect((b as ErrorObject).message).toMatch(/No such insurance company in this company/) }] },
    { route: `PUT ${policies}/:id`, attacks: () => [{ url: `${policies}/${B.docs.insuranceSchedule}`, body: policyBody(), status: gone() }] },
    ...['pay', 'unpay'].map((action) => ({ route: `POST ${policies}/:id/instalments/:no/${action}`, attacks: () => [{ url: `${policies}/${B.docs.insuranceSchedule}/instalments/1/${action}`, body: { paidDate: '2026-03-31' }, status: gone() }] })),
    { route: `POST ${policies}/:id/instalments/:no/invoice`, attacks: () => [{ url: `${policies}/${B.docs.insuranceSchedule}/instalments/1/invoice`, body: { vendor: B.docs['payables.party'], account: B.docs.insuranceSchedule }, status: gone() }] },
  ];
  const paymentAttacks = [faces.payables, faces.receivables].flatMap((face): Endpoint[] => {
    const base = `/${face.service}/${face.partyWord}-payments`;
    const ageing = `/${face.service}/${face.partyWord}-ageing`;
    const body = () => ({ bank: B.kit.get('bank')!.id, party: B.docs[`${face.side}.party`], documentDate: '2026-03-03', amount: '1', description: 'x' });
    const refused = (b: unknown) => expect((b as ErrorObject).message).toMatch(/does not exist in this company/);
    const payment = () => B.docs[`${face.side}.payment`];
    return [
      { route: `GET ${base}`, attacks: () => [...list(`${base}?limit=500`), ...list(`${base}?limit=500&party=${B.docs[`${face.side}.party`]}`)] },
      { route: `GET ${base}/export`, attacks: () => [{ url: `${base}/export?format=csv`, file: true, status: [200], check: noneOfB(`${base} export`) }] },
      { route: `POST ${base}`, attacks: () => [{ url: base, body: body(), status: [422], check: refused }] },
      { route: `PUT ${base}/:id`, attacks: () => [{ url: `${base}/${payment()}`, body: body(), status: gone() }] },
      ...['post', 'check'].map((action) => ({ route: `POST ${base}/${action}`, attacks: () => [{ url: `${base}/${action}`, body: body(), status: [422], check: refused }] })),
      { route: `GET ${base}/proposal`, attacks: () => [{ url: `${base}/proposal?party=${B.docs[`${face.side}.party`]}&currency=USD&amount=66&date=2026-03-04`, status: [200], check: (b) => expect(b).toMatchObject({ lines: [], openItems: 0 }) }] },
      { route: `GET ${base}/open-items`, attacks: () => [{ url: `${base}/open-items?party=${B.docs[`${face.side}.party`]}`, status: [200], check: (b) => expect(b).toMatchObject({ items: [], total: 0 }) }] },
      { route: `GET ${base}/refund-proposal`, attacks: () => [{ url: `${base}/refund-proposal?party=${B.docs[`${face.side}.party`]}&currency=USD`, status: [200], check: (b) => expect(b).toMatchObject({ lines: [], available: '0.00' }) }] },
      // The ageing (issue 16): none of B's parties nor items as of any day.
      { route: `GET ${ageing}`, attacks: () => [
        { url: `${ageing}?asOf=2026-12-31&party=${B.docs[`${face.side}.party`]}`, status: [200], check: (b) => expect(b).toMatchObject({ rows: [], total: 0 }) },
        { url: `${ageing}?asOf=2026-12-31&limit=500`, status: [200], check: (b) => expect(JSON.stringify(b)).not.toContain(B.docs[`${face.side}.party`]!) },
      ] },
      { route: `GET ${ageing}/items`, attacks: () => [{ url: `${ageing}/items?asOf=2026-12-31&party=${B.docs[`${face.side}.party`]}`, status: [200], check: (b) => expect(b).toMatchObject({ items: [], total: 0 }) }] },
      // Unrealised revaluations (issue 16): none of B's.
      { route: `GET /${face.service}/${face.partyWord}-revaluations`, attacks: () => [{ url: `/${face.service}/${face.partyWord}-revaluations?limit=200`, status: [200], check: noneOfB(`${face.partyWord} revaluations`) }] },
      { route: `GET /${face.service}/${face.partyWord}-revaluations/:id`, attacks: () => [{ url: `/${face.service}/${face.partyWord}-revaluations/${B.docs[`${face.side}.party`]}`, status: gone() }] },
      ...['/check', ''].map((tail) => ({ route: `POST /${face.service}/${face.partyWord}-revaluations${tail}`, attacks: () => [{ url: `/${face.service}/${face.partyWord}-revaluations${tail}`, body: { date: '2026-03-15' }, status: [422] }] })),
      // A party's statement (issue 16): B's party is not found, as a file or by mail.
      ...[['GET', ''], ['GET', '/file/pdf'], ['POST', '/mail']].map(([method, tail]) => ({
        route: `${method} /${face.service}/${face.partyWord}-statement${tail === '/file/pdf' ? '/file/:format' : tail}`,
        attacks: () => [{ url: `/${face.service}/${face.partyWord}-statement${tail}?party=${B.docs[`${face.side}.party`]}&from=2026-01-01&to=2026-12-31`, ...(method === 'POST' ? { body: { to: 'x@example.com' } } : {}), status: gone() }],
      })),
      // "Mail all" (issue 16): none of B's parties is previewed or mailed.
      ...['GET', 'POST'].map((method) => ({
        route: `${method} /${face.service}/${face.partyWord}-statement/mail-all`,
        attacks: () => [{ url: `/${face.service}/${face.partyWord}-statement/mail-all?from=2026-01-01&to=2026-12-31`, ...(method === 'POST' ? { body: {} } : {}), status: [200], check: noneOfB(`${face.partyWord} statements mailed to all`) }],
      })),
      { route: `POST ${base}/:id/allocate`, attacks: () => [{ url: `${base}/${payment()}/allocate`, body: { allocations: [{ openItem: B.docs[`${face.side}.item`], amount: '1' }] }, status: gone() }] },
      { route: `POST ${base}/:id/unallocate`, attacks: () => [{ url: `${base}/${payment()}/unallocate`, body: { lines: [] }, status: gone() }] },
      { route: `POST ${base}/:id/reverse`, attacks: () => [{ url: `${base}/${payment()}/reverse`, body: { date: '2026-03-05' }, status: gone() }] },
    ];
  });
  const recurringAttacks = [faces.payables, faces.receivables].flatMap((face): Endpoint[] => {
    const base = `/${face.service}/${face.partyWord}-recurring-payments`;
    const body = () => ({ code: 'AX', description: 'x', party: B.docs[`${face.side}.party`], bank: B.kit.get('bank')!.id, amount: '1', frequency: 'Monthly', startDate: '2026-03-01' });
    return [
      { route: `GET ${base}`, attacks: () => list(`${base}?limit=500`) },
      { route: `GET ${base}/export`, attacks: () => [{ url: `${base}/export?format=csv`, file: true, status: [200], check: noneOfB(`${base} export`) }] },
      { route: `POST ${base}`, attacks: () => [{ url: base, body: body(), status: [422] }] },
      { route: `PUT ${base}/:id`, attacks: () => [{ url: `${base}/${B.docs[`${face.side}.recurring`]}`, body: body(), status: gone() }] },
      { route: `POST ${base}/:id/submit`, attacks: () => [{ url: `${base}/${B.docs[`${face.side}.recurring`]}/submit`, body: {}, status: gone() }] },
      { route: `POST ${base}/:id/run`, attacks: () => [{ url: `${base}/${B.docs[`${face.side}.recurring`]}/run`, body: {}, status: gone() }] },
    ];
  });
  const failedBase = '/ar/failed-payments';
  const failedAttacks: Endpoint[] = [
    { route: `GET ${failedBase}`, attacks: () => list(`${failedBase}?limit=500`) },
    { route: `GET ${failedBase}/export`, attacks: () => [{ url: `${failedBase}/export?format=csv`, file: true, status: [200], check: noneOfB(`${failedBase} export`) }] },
    { route: `GET ${failedBase}/payments`, attacks: () => [{ url: `${failedBase}/payments?side=receivables&limit=100`, status: [200], check: noneOfB(`${failedBase}/payments`) }] },
    { route: `POST ${failedBase}`, attacks: () => [{ url: failedBase, body: { side: 'receivables', payment: B.docs['receivables.payment'], reason: 'Other', failedDate: '2026-03-05' }, status: [422] }] },
    { route: `POST ${failedBase}/:id/retry`, attacks: () => [{ url: `${failedBase}/${B.docs['receivables.failed']}/retry`, body: {}, status: gone() }] },
  ];
  const ft = '/cm/fund-transfers';
  const ftBody = () => ({ documentDate: '2026-03-03', fromBank: B.kit.get('bank')!.id, toBank: B.docs.bank2, amount: '1', outDate: '2026-03-03', inDate: '2026-03-03', description: 'x' });
  const ftRefused = (b: unknown) => expect((b as ErrorObject).message).toMatch(/does not exist in this company/);
  const fundTransferAttacks: Endpoint[] = [
    { route: `GET ${ft}`, attacks: () => [...list(`${ft}?limit=500`), ...list(`${ft}?limit=500&bank=${B.kit.get('bank')!.id}`)] },
    { route: `GET ${ft}/export`, attacks: () => [{ url: `${ft}/export?format=csv`, file: true, status: [200], check: noneOfB(`${ft} export`) }] },
    { route: `POST ${ft}`, attacks: () => [{ url: ft, body: ftBody(), status: [422], check: ftRefused }] },
    { route: `PUT ${ft}/:id`, attacks: () => [{ url: `${ft}/${B.docs.fundTransfer}`, body: ftBody(), status: gone() }] },
    ...['post', 'check'].map((action) => ({ route: `POST ${ft}/${action}`, attacks: () => [{ url: `${ft}/${action}`, body: ftBody(), status: [422], check: ftRefused }] })),
    { route: `POST ${ft}/:id/reverse`, attacks: () => [{ url: `${ft}/${B.docs.fundTransfer}/reverse`, body: { date: '2026-03-05' }, status: gone() }] },
    { route: `POST ${ft}/:id/submit`, attacks: () => [{ url: `${ft}/${B.docs.fundTransfer}/submit`, body: {}, status: gone() }] },
    { route: `POST ${ft}/:id/divide`, attacks: () => [{ url: `${ft}/${B.docs.fundTransfer}/divide`, body: { legs: [{ amount: '1', outDate: '2026-03-03', inDate: '2026-03-03' }, { amount: '2', outDate: '2026-03-03', inDate: '2026-03-03' }] }, status: gone() }] },
  ];
  const rec = () => `/cm/reconciliations/${B.docs.bankStatement}`;
  const reconciliationAttacks: Endpoint[] = [
    { route: 'POST /cm/reconciliations/:id/undo', attacks: () => [{ url: `${rec()}/undo`, body: { reason: 'spying' }, status: gone() }] },
    { route: 'POST /cm/reconciliations/:id/matches', attacks: () => [{ url: `${rec()}/matches`, body: { statementLineIds: [B.docs.bankStatementLine], ledgerLines: [{ journalId: B.journalId, lineNo: 1 }] }, status: gone() }] },
    ...['accept', 'reject'].map((action): Endpoint => ({ route: `POST /cm/reconciliations/:id/matches/:matchId/${action}`, attacks: () => [{ url: `${rec()}/matches/${B.docs.bankStatement}/${action}`, body: {}, status: gone() }] })),
    { route: 'POST /cm/reconciliations/:id/entries', attacks: () => [{ url: `${rec()}/entries`, body: { statementLineId: B.docs.bankStatementLine, kind: 'Fee' }, status: gone() }] },
  ];
  // The cash-flow forecast (issue 17): B's saved forecast answers 404; B's bank gives nothing of B.
  const F = '/cm/cashflow-forecast';
  const ofBank = () => `scope=Bank&bank=${B.kit.get('bank')!.id}&startDate=2026-03-02&granularity=Week&periods=4`;
  const forecastOfB = () => B.kit.get('cashflowForecast')!.id;
  // Payment runs (issue 16): B's bank and run are not A's.
  const paymentRunAttacks = [faces.payables, faces.receivables].flatMap((face): Endpoint[] => {
    const base = `/${face.service}/${face.partyWord}-payment-runs`;
    const criteria = () => ({ bank: B.kit.get('bank')!.id, paymentDate: '2026-03-18', basis: 'Due date', upTo: '2026-03-31' });
    const refused = (b: unknown) => expect((b as ErrorObject).message).toMatch(/does not exist in this company/);
    const run = () => B.docs[`${face.side}.run`];
    return [
      { route: `GET ${base}`, attacks: () => list(`${base}?limit=500`) },
      { route: `GET ${base}/export`, attacks: () => [{ url: `${base}/export?format=csv`, file: true, status: [200], check: noneOfB(`${base} export`) }] },
      { route: `POST ${base}`, attacks: () => [{ url: base, body: { ...criteria(), description: 'x' }, status: [422], check: refused }] },
      { route: `PUT ${base}/:id`, attacks: () => [{ url: `${base}/${run()}`, body: { ...criteria(), description: 'x' }, status: gone() }] },
      { route: `GET ${base}/proposal`, attacks: () => [{ url: `${base}/proposal?${new URLSearchParams(criteria()).toString()}`, status: [422], check: refused }] },
      { route: `GET ${base}/:id/remittance`, attacks: () => [{ url: `${base}/${run()}/remittance?party=${B.docs[`${face.side}.party`]}`, status: gone() }] },
      { route: `POST ${base}/:id/reverse`, attacks: () => [{ url: `${base}/${run()}/reverse`, body: { date: '2026-03-05' }, status: gone() }] },
      { route: `POST ${base}/:id/submit`, attacks: () => [{ url: `${base}/${run()}/submit`, body: {}, status: gone() }] },
    ];
  });
  return [
    ...reconciliationAttacks,
    // The banks' revaluation (issue 17): none of B's; B's bank is no revaluation of A's; A's preview names no bank of B.
    { route: 'GET /cm/bank-revaluations', attacks: () => [{ url: '/cm/bank-revaluations?limit=200', status: [200], check: noneOfB('bank revaluations') }] },
    { route: 'GET /cm/bank-revaluations/:id', attacks: () => [{ url: `/cm/bank-revaluations/${B.kit.get('bank')!.id}`, status: gone() }] },
    { route: 'POST /cm/bank-revaluations/check', attacks: () => [{ url: '/cm/bank-revaluations/check', body: { date: '2026-03-31' }, status: [200], check: noneOfB('bank revaluation preview') }] },
    { route: 'POST /cm/bank-revaluations', attacks: () => [{ url: '/cm/bank-revaluations', body: { date: '2026-03-15' }, status: [422] }] },
    { route: `GET ${F}`, attacks: () => [
      { url: `${F}?forecast=${forecastOfB()}`, status: gone() },
      { url: `${F}?${ofBank()}`, status: [200], check: (b) => (expect(b).toMatchObject({ banks: [], currencies: [] }), expectNothingOfB(b, 'forecast')) },
    ] },
    { route: `GET ${F}/items`, attacks: () => [
      { url: `${F}/items?forecast=${forecastOfB()}&currency=USD&bucket=0`, status: gone() },
      { url: `${F}/items?${ofBank()}&currency=USD&bucket=0`, status: [200], check: (b) => expect(b).toEqual({ items: [], total: 0 }) },
    ] },
    { route: `GET ${F}/export`, attacks: () => [
      { url: `${F}/export?forecast=${forecastOfB()}`, status: gone() },
      { url: `${F}/export?${ofBank()}`, file: true, status: [200], check: noneOfB('forecast file') },
    ] },
    ...invoiceAttacks,
    ...runAttacks,
    ...recurringAttacks,
    ...failedAttacks,
    ...statementAttacks,
    ...disposalAttacks,
    ...revaluationAttacks,
    ...splitAttacks,
    ...insuranceAttacks,
    ...paymentAttacks,
    ...fundTransferAttacks,
    ...paymentRunAttacks,
    { route: 'GET /gl/tax-report', attacks: () => [{ url: '/gl/tax-report?from=2026-01-01&to=2026-12-31', status: [200], check: (b) => expect(b).toMatchObject({ rows: [] }) }] },
    { route: 'POST /gl/fiscal-years/:id/periods', attacks: () => [{ url: `/gl/fiscal-years/${B.fiscalYearId}/periods`, body: { pattern: 'monthly' }, status: gone() }] },
    { route: 'POST /gl/accounting-periods/:id/status', attacks: () => [{ url: `/gl/accounting-periods/${B.periodId}/status`, body: { status: 'Locked' }, status: gone() }] },
    { route: 'POST /gl/number-sequences/:id/preview', attacks: () => [{ url: `/gl/number-sequences/${B.sequenceId}/preview`, body: { date: '2026-05-01' }, status: gone() }] },
    { route: 'POST /gl/number-sequences/:id/take', attacks: () => [{ url: `/gl/number-sequences/${B.sequenceId}/take`, body: { date: '2026-05-01' }, status: gone() }] },
    { route: 'GET /gl/journals', attacks: () => [...list('/gl/journals?limit=500'), ...list('/gl/journals?limit=500&search=Secret')] },
    { route: 'POST /gl/journals', attacks: () => [{ url: '/gl/journals', body: journalBody(), status: [422], check: noAccount }] },
    { route: 'POST /gl/journals/post', attacks: () => [{ url: '/gl/journals/post', body: journalBody(), status: [422], check: noAccount }] },
    { route: 'POST /gl/journals/check', attacks: () => [{ url: '/gl/journals/check', body: journalBody(), status: [422], check: noAccount }] },
    { route: 'GET /gl/journals/export', attacks: () => [{ url: '/gl/journals/export?format=csv', file: true, status: [200], check: noneOfB('journal export') }] },
    { route: 'PUT /gl/journals/:id', attacks: () => [{ url: `/gl/journals/${B.draftId}`, body: journalBody(), status: gone() }] },
    { route: 'POST /gl/journals/:id/reverse', attacks: () => [{ url: `/gl/journals/${B.journalId}/reverse`, body: { date: '2026-03-04' }, status: gone() }] },
    { route: 'POST /gl/journals/:id/submit', attacks: () => [{ url: `/gl/journals/${B.draftId}/submit`, body: {}, status: gone() }] },
    { route: 'GET /gl/trial-balance', attacks: () => [{ url: '/gl/trial-balance?from=2026-01-01&to=2026-12-31', status: [200], check: (body) => expect(JSON.stringify(body)).not.toContain('4321.00') }] },
    { route: 'GET /gl/chart-balances', attacks: () => [{ url: '/gl/chart-balances?asOf=2026-12-31', status: [200], check: (body) => expect(JSON.stringify(body)).not.toContain(B.accountId) }] },
    { route: 'GET /gl/subledger-tieout', attacks: () => [{ url: '/gl/subledger-tieout?asOf=2026-12-31', status: [200], check: (body) => expect(JSON.stringify(body)).not.toContain(B.accountId) }] },
    { route: 'GET /gl/trial-balance/export', attacks: () => [{ url: '/gl/trial-balance/export?from=2026-01-01&to=2026-12-31&format=csv', file: true, status: [200], check: (body) => expect(body).not.toContain('4321') }] },
    { route: 'POST /gl/trial-balance/import', attacks: () => [{ url: '/gl/trial-balance/import', body: { fileName: 'tb.csv', contentBase64: Buffer.from(`Account,Debit,Credit\r\n${B.accountId},1,\r\n`).toString('base64'), journalDate: '2026-01-01', dryRun: true, post: false }, status: [200, 400, 422], echo: true, check: (body) => expect((body as { journal?: unknown }).journal ?? null).toBeNull() }] },
    { route: 'GET /gl/accounts/:id/transactions', attacks: () => [{ url: `/gl/accounts/${B.accountId}/transactions?from=2026-01-01&to=2026-12-31`, status: gone() }] },
    { route: 'GET /gl/accounts/:id/transactions/export', attacks: () => [{ url: `/gl/accounts/${B.accountId}/transactions/export?from=2026-01-01&to=2026-12-31`, status: gone() }] },
    { route: 'GET /gl/company-config', attacks: () => [{ url: '/gl/company-config', status: [200], check: noneOfB('company config') }] },
    { route: 'PUT /gl/company-config', attacks: () => [{ url: '/gl/company-config', body: { retainedEarningsAccount: B.accountId }, status: [400, 404, 422] }] },
    { route: `GET ${tpl}`, attacks: () => [...list(`${tpl}?limit=500`), ...list(`${tpl}?limit=500&search=Secret`)] },
    { route: `GET ${tpl}/lookup`, attacks: () => list(`${tpl}/lookup?limit=100`) },
    { route: `GET ${tpl}/export`, attacks: () => [{ url: `${tpl}/export`, file: true, status: [200], check: noneOfB('template export') }] },
    { route: `POST ${tpl}/import`, attacks: () => [{ url: `${tpl}/import`, body: csv(`Template,Name,Account,Currency,Debit,Credit\r\nSPY,x,${B.accountId},USD,1,\r\n`), status: [200, 400, 422], echo: true, check: nothingWritten }] },
    { route: `POST ${tpl}`, attacks: () => [{ url: tpl, body: { code: 'SPY', name: 'x', lines: lines() }, status: [422], check: noAccount }] },
    { route: `PUT ${tpl}/:id`, attacks: () => [{ url: `${tpl}/${B.templateId}`, body: { code: 'SPY', name: 'x', lines: lines() }, status: gone() }] },
    { route: `POST ${tpl}/:id/journal`, attacks: () => [{ url: `${tpl}/${B.templateId}/journal`, body: { journalDate: '2026-03-01' }, status: gone() }] },
    { route: `GET ${rj}`, attacks: () => [...list(`${rj}?limit=500`), ...list(`${rj}?limit=500&search=Secret`)] },
    { route: `GET ${rj}/export`, attacks: () => [{ url: `${rj}/export`, file: true, status: [200], check: noneOfB('recurring export') }] },
    { route: `POST ${rj}/import`, attacks: () => [{ url: `${rj}/import`, body: csv(`Code,Description,Template,Frequency,Start Date,Mode\r\nSPY,x,${B.templateId},Monthly,2026-01-31,Post\r\n`), status: [200, 400, 422], echo: true, check: nothingWritten }] },
    { route: `POST ${rj}`, attacks: () => [{ url: rj, body: { code: 'SPY', description: 'x', template: B.templateId, frequency: 'Monthly', startDate: '2026-01-31', mode: 'Post' }, status: [422], check: (body) => expect((body as ErrorObject).message).toBe('The template does not exist in this company') }] },
    { route: `PUT ${rj}/:id`, attacks: () => [{ url: `${rj}/${B.recurringId}`, body: { code: 'SPY', description: 'x', template: B.templateId, frequency: 'Monthly', startDate: '2026-01-31', mode: 'Post' }, status: gone() }] },
    { route: `POST ${rj}/:id/run`, attacks: () => [{ url: `${rj}/${B.recurringId}/run`, body: { upTo: '2026-12-31' }, status: gone() }] },
    { route: `GET ${wf}`, attacks: () => [...list(`${wf}?limit=500`), ...list(`${wf}?search=Secret`)] },
    { route: `POST ${wf}`, attacks: () => [{ url: wf, body: { approvalType: 'FundTransfer', name: 'Spy', active: true, steps: [{ name: 'Spy', assignees: [{ kind: 'User', id: a.user.activeUser.code }] }] }, status: [200], check: (body) => expect((body as { id: string }).id).not.toBe(B.workflowId) }] },
    { route: `PUT ${wf}/:id`, attacks: () => [{ url: `${wf}/${B.workflowId}`, body: { approvalType: 'JournalApproval', name: 'Hacked', active: false, steps: [{ name: 'x', assignees: [{ kind: 'User', id: a.user.activeUser.code }] }] }, status: gone() }] },
    { route: `GET ${esc}`, attacks: () => [...list(`${esc}?limit=500`), { url: `${esc}?workflowId=${B.workflowId}`, status: [200, 404], check: noneOfB('escalations of B') }] },
    { route: `POST ${esc}`, attacks: () => [{ url: esc, body: { workflowId: B.workflowId, stepId: B.stepId, action: 'Escalate', target: { kind: 'User', id: a.user.activeUser.code } }, status: gone() }] },
    { route: `PUT ${esc}/:id`, attacks: () => [{ url: `${esc}/${B.ruleId}`, body: { workflowId: B.workflowId, stepId: B.stepId, action: 'Escalate', target: { kind: 'User', id: a.user.activeUser.code } }, status: gone() }] },
    { route: 'GET /workflow/message-settings', attacks: () => list('/workflow/message-settings') },
    { route: 'PUT /workflow/message-settings/:event', attacks: () => [{ url: '/workflow/message-settings/Approved', body: { subject: 'A {documentNumber}', body: 'A {link}' }, status: [200], check: noneOfB('message setting') }] },
    { route: 'GET /workflow/gate', attacks: () => [{ url: `/workflow/gate?approvalType=JournalApproval&documentId=${B.draftId}`, status: [200], check: (body) => expect(body).toEqual({ workflowActive: false, underApproval: false, instanceId: null }) }] },
    { route: 'POST /workflow/instances/:id/cancel', attacks: () => [{ url: `/workflow/instances/${B.draftId}/cancel`, status: gone() }] },
    { route: 'GET /workflow/tasks/:id', attacks: () => [{ url: `/workflow/tasks/${B.draftId}`, status: gone() }] },
    { route: 'POST /workflow/submissions', attacks: () => [{ url: '/workflow/submissions', body: { approvalType: 'JournalApproval', documentId: B.draftId }, status: gone() }] },
    { route: 'GET /workflow/tasks', attacks: () => list('/workflow/tasks?limit=100') },
    { route: 'POST /workflow/tasks/:id/approve', attacks: () => [{ url: `/workflow/tasks/${B.draftId}/approve`, body: { comment: 'by A' }, status: gone() }] },
    { route: 'POST /workflow/tasks/:id/reject', attacks: () => [{ url: `/workflow/tasks/${B.draftId}/reject`, body: { comment: 'by A' }, status: gone() }] },
    { route: 'GET /workflow/history', attacks: () => [{ url: `/workflow/history?approvalType=JournalApproval&documentId=${B.draftId}`, status: [200], check: (body) => expect(body).toEqual({ current: null, items: [] }) }] },
    { route: 'GET /gl/intercompany-partners', attacks: () => [{ url: '/gl/intercompany-partners', status: [200], check: (body) => expect(JSON.stringify(body)).not.toContain(B.accountId) }] },
    { route: 'PUT /gl/intercompany-partners/:id/accounts', attacks: () => [{ url: `/gl/intercompany-partners/${B.companyId}/accounts`, body: { dueFromAccount: B.accountId, dueToAccount: B.accountId }, status: gone() }] },
    { route: 'DELETE /gl/intercompany-partners/:id/accounts', attacks: () => [{ url: `/gl/intercompany-partners/${B.cCompanyId}/accounts`, status: gone() }] },
    { route: 'GET /gl/intercompany-accounts/lookup', attacks: () => [{ url: `/gl/intercompany-accounts/lookup?company=${B.companyId}&search=Secret`, status: [200], check: noneOfB('pair accounts') }] },
    { route: `GET ${ic}`, attacks: () => [...list(`${ic}?limit=500`), ...list(`${ic}?limit=500&search=Secret`)] },
    { route: `GET ${ic}/export`, attacks: () => [{ url: `${ic}/export`, file: true, status: [200], check: noneOfB('intercompany export') }] },
    { route: `POST ${ic}/import`, attacks: () => [{ url: `${ic}/import`, body: csv('Journal,Date,Description,Partner Company,Company,Account,Currency,Debit,Credit\r\nJ,2026-03-03,x,BSUB,BSUB,1010,USD,1,\r\nJ,2026-03-03,x,BSUB,CSUB,1010,USD,,1\r\n'), status: [200], check: (body) => expect(body).toMatchObject({ written: 0 }) }] },
    { route: `POST ${ic}`, attacks: () => [{ url: ic, body: icBody(), status: [422] }] },
    { route: `PUT ${ic}/:id`, attacks: () => [{ url: `${ic}/${B.icJournalId}`, body: icBody(), status: gone() }] },
    { route: `POST ${ic}/:id/reverse`, attacks: () => [{ url: `${ic}/${B.icJournalId}/reverse`, body: { date: '2026-03-04' }, status: gone() }] },
    { route: `GET ${ict}`, attacks: () => [...list(`${ict}?limit=500`), ...list(`${ict}?limit=500&search=Secret`)] },
    { route: `GET ${ict}/export`, attacks: () => [{ url: `${ict}/export`, file: true, status: [200], check: noneOfB('intercompany template export') }] },
    { route: `POST ${ict}/import`, attacks: () => [{ url: `${ict}/import`, body: csv('Template,Name,Partner Company,Company,Account,Currency,Debit,Credit\r\nSPY,x,BSUB,BSUB,1010,USD,1,\r\nSPY,x,BSUB,CSUB,1010,USD,,1\r\n'), status: [200], check: (body) => expect(body).toMatchObject({ written: 0 }) }] },
    { route: `POST ${ict}`, attacks: () => [{ url: ict, body: icTemplateBody(), status: [422] }] },
    { route: `PUT ${ict}/:id`, attacks: () => [{ url: `${ict}/${B.icTemplateId}`, body: icTemplateBody(), status: gone() }] },
  ];
}

/** The generic routes of every company-scoped kit entity, with A's attacks on B's record of it. */
function kitEndpoints(): Endpoint[] {
  return t.platform.entities.all().filter((k) => k.def.companyScoped).flatMap((k) => {
    const base = `/${k.def.service}/${k.def.resource}`;
    const record = () => B.kit.get(k.def.name)!;
    const { id: _id, createdAt: _c, updatedAt: _u, ...body } = B.kit.get(k.def.name) ?? { id: '', createdAt: '', updatedAt: '' };
    return [
      { route: `GET ${base}`, attacks: () => [{ url: `${base}?limit=500`, status: [200], check: noneOfB(base) }] },
      { route: `GET ${base}/lookup`, attacks: () => [{ url: `${base}/lookup?limit=100`, status: [200], check: noneOfB(`${base}/lookup`) }] },
      { route: `GET ${base}/export`, attacks: () => [{ url: `${base}/export`, file: true, status: [200], check: noneOfB(`${base}/export`) }] },
      { route: `GET ${base}/:id`, attacks: () => [{ url: `${base}/${record().id}`, status: gone() }] },
      { route: `PUT ${base}/:id`, attacks: () => [{ url: `${base}/${record().id}`, body, status: [400, 404] }] },
      { route: `DELETE ${base}/:id`, attacks: () => [{ url: `${base}/${record().id}`, status: gone() }] },
      { route: `POST ${base}`, attacks: () => [{ url: base, body, status: [200, 400, 404, 409, 422], check: (res) => expect((res as { id?: string }).id).not.toBe(record().id) }] },
      { route: `POST ${base}/import`, attacks: () => [{ url: `${base}/import`, body: { fileName: 'spy.csv', contentBase64: Buffer.from('x\r\n').toString('base64'), dryRun: true, mode: 'all' }, status: [200, 400, 422], check: noneOfB(`${base}/import`) }] },
    ];
  });
}

/** A user of the tenant in a company, with the Administrator role. */
async function adminIn(companyId: string, mail: string): Promise<Session> {
  const p = await transformPassword('Correct horse 1');
  const created = await asA('POST', `/auth/user/create/${p}`, { name: mail.split('@')[0], mailAddress: mail, password: p, confirmPassword: p, roleID: a.user.parentRole.id, company: companyId });
  expect(created.status).toBe(200);
  return signIn(t.app, tenant.host, mail, 'Correct horse 1');
}

/** B's books and documents: what A will aim at. */
async function booksOfB(): Promise<void> {
  const books = await openBooks(t, tenant, b);
  await openBooks(t, tenant, c);
  const acct = (code: string) => books.accounts.get(code)!.id;
  B.fiscalYearId = (await asB<{ items: { id: string }[] }>('GET', '/gl/fiscal-years?limit=10')).body.items[0]!.id;
  B.periodId = books.periods[2]!.id;
  B.sequenceId = (await asB<{ items: { id: string }[] }>('GET', '/gl/number-sequences?limit=10')).body.items[0]!.id;
  B.accountId = acct('1010');
  const posted = await asB<{ id: string }>('POST', '/gl/journals/post', { journalDate: '2026-03-03', description: 'Secret of B', lines: [{ account: acct('1010'), currency: 'USD', debit: '4321' }, { account: acct('4000'), currency: 'USD', credit: '4321' }] });
  const draft = await asB<{ id: string }>('POST', '/gl/journals', { journalDate: '2026-03-04', description: 'Secret of B draft', lines: [{ account: acct('1010'), currency: 'USD', debit: '5' }, { account: acct('4000'), currency: 'USD', credit: '5' }] });
  const template = await asB<{ id: string }>('POST', '/gl/journal-templates', { code: 'BSECRET-TPL', name: 'Secret of B', lines: [{ account: acct('6100'), currency: 'USD', debit: '88' }, { account: acct('1010'), currency: 'USD', credit: '88' }] });
  const recurring = await asB<{ id: string }>('POST', '/gl/recurring-journals', { code: 'BSECRET-REC', description: 'Secret of B', template: template.body.id, frequency: 'Monthly', startDate: '2026-01-31', mode: 'Post' });
  expect([posted.status, draft.status, template.status, recurring.status]).toEqual([200, 200, 200, 200]);
  Object.assign(B, { journalId: posted.body.id, draftId: draft.body.id, templateId: template.body.id, recurringId: recurring.body.id });
  const cAcct = (await as(c)<{ items: { id: string; code: string }[] }>('GET', '/gl/accounts?limit=500')).body.items.find((x) => x.code === '1010')!.id;
  const icLines = [{ company: B.companyId, account: acct('6100'), currency: 'USD', debit: '9' }, { company: B.cCompanyId, account: cAcct, currency: 'USD', credit: '9' }];
  const icj = await asB<{ id: string }>('POST', '/gl/intercompany-journals', { partnerCompany: B.cCompanyId, journalDate: '2026-03-03', description: 'Secret of B', lines: icLines });
  const ict = await asB<{ id: string }>('POST', '/gl/intercompany-journal-templates', { code: 'BSECRET', name: 'Secret of B', partnerCompany: B.cCompanyId, lines: icLines });
  expect([icj.status, ict.status]).toEqual([200, 200]);
  Object.assign(B, { icJournalId: icj.body.id, icTemplateId: ict.body.id });
  const steps = [{ name: 'Secret of B', deadlineHours: 24, assignees: [{ kind: 'User', id: b.user.activeUser.code }] }];
  const workflow = await asB<{ id: string; steps: { id: string }[] }>('POST', '/workflow/workflows', { approvalType: 'FundTransfer', name: 'Secret of B', description: 'Secret of B', steps });
  const rule = await asB<{ id: string }>('POST', '/workflow/escalations', { workflowId: workflow.body.id, stepId: workflow.body.steps[0]?.id, action: 'Escalate', target: { kind: 'User', id: b.user.activeUser.code } });
  expect([workflow.status, rule.status]).toEqual([200, 200]);
  Object.assign(B, { workflowId: workflow.body.id, stepId: workflow.body.steps[0]!.id, ruleId: rule.body.id });
  B.kit = new Map();
  for (const k of t.platform.entities.all().filter((x) => x.def.companyScoped)) B.kit.set(k.def.name, await createSample(t.app, tenant.host, b, t.platform.entities, k.def));
  // Per face: B's party, a posted invoice, a draft invoice and a draft credit note of the posted one.
  B.docs = {};
  for (const face of [faces.payables, faces.receivables]) {
    const s = face.service;
    const group = (await asB<{ items: { id: string; code: string }[] }>('GET', `/${s}/${face.partyWord}-groups?limit=50`)).body.items.find((g) => g.code === 'LOCAL')!;
    const party = await asB<{ id: string }>('POST', `/${s}/${face.partyWord}s`, { code: 'BSECRETINV', name: 'Secret of B', group: group.id });
    const body = { party: party.body.id, documentDate: '2026-03-03', description: 'Secret of B', lines: [{ account: acct(face.side === 'payables' ? '6100' : '4000'), unitPrice: '66' }] };
    const posted = await asB<{ id: string }>('POST', `/${s}/${face.partyWord}-invoices`, body);
    const post = await asB('POST', `/${s}/${face.partyWord}-invoices/${posted.body.id}/post`);
    const draft = await asB<{ id: string }>('POST', `/${s}/${face.partyWord}-invoices`, body);
    const credit = await asB<{ id: string }>('POST', `/${s}/${face.partyWord}-credit-notes`, { ...body, invoice: posted.body.id });
    expect([party.status, posted.status, post.status, draft.status, credit.status]).toEqual([200, 200, 200, 200, 200]);
    Object.assign(B.docs, { [`${face.side}.party`]: party.body.id, [`${face.side}.posted`]: posted.body.id, [`${face.side}.draft`]: draft.body.id, [`${face.side}.credit`]: credit.body.id });
    // B's payment (posted, with its amount on account) and the open item of its posted invoice.
    const payment = await asB<{ id: string }>('POST', `/${s}/${face.partyWord}-payments/post`, { bank: B.kit.get('bank')!.id, party: party.body.id, documentDate: '2026-03-04', amount: '7', rate: '1', description: 'Secret of B' });
    const items = await asB<{ items: { openItem: string }[] }>('GET', `/${s}/${face.partyWord}-payments/open-items?party=${party.body.id}`);
    expect([payment.status, items.status]).toEqual([200, 200]);
    Object.assign(B.docs, { [`${face.side}.payment`]: payment.body.id, [`${face.side}.item`]: items.body.items[0]!.openItem });
    // B's recurring payment schedule (a draft) and a failed payment (another posted payment, marked failed).
    const recurring = await asB<{ id: string }>('POST', `/${s}/${face.partyWord}-recurring-payments`, { code: 'BSECRET', description: 'Secret of B', party: party.body.id, bank: B.kit.get('bank')!.id, amount: '7', frequency: 'Monthly', startDate: '2026-03-01' });
    const bounced = await asB<{ id: string }>('POST', `/${s}/${face.partyWord}-payments/post`, { bank: B.kit.get('bank')!.id, party: party.body.id, documentDate: '2026-03-04', amount: '3', rate: '1', description: 'Secret of B' });
    const failed = await asB<{ id: string }>('POST', '/ar/failed-payments', { side: face.side, payment: bounced.body.id, reason: 'Other', note: 'Secret of B', failedDate: '2026-03-05' });
    expect([recurring.status, bounced.status, failed.status], JSON.stringify(failed.body)).toEqual([200, 200, 200]);
    Object.assign(B.docs, { [`${face.side}.recurring`]: recurring.body.id, [`${face.side}.failed`]: failed.body.id });
    // B's draft payment run of the face.
    const paymentRun = await asB<{ id: string }>('POST', `/${s}/${face.partyWord}-payment-runs`, { bank: B.kit.get('bank')!.id, paymentDate: '2026-03-18', upTo: '2026-03-31', description: 'Secret of B' });
    expect(paymentRun.status).toBe(200);
    B.docs[`${face.side}.run`] = paymentRun.body.id;
  }
  // B's second bank and a draft fund transfer between its two banks (issue 17).
  const bank2 = await asB<{ id: string }>('POST', '/cm/banks', { code: 'BSECRET2', name: 'Secret of B', bankGroup: B.kit.get('bankGroup')!.id, account: acct('1010'), currency: B.kit.get('bank')!.currency, accountNumber: '0123456780' });
  const transfer = await asB<{ id: string }>('POST', '/cm/fund-transfers', { documentDate: '2026-03-03', fromBank: B.kit.get('bank')!.id, toBank: bank2.body.id, amount: '4321', outDate: '2026-03-03', inDate: '2026-03-03', description: 'Secret of B' });
  expect([bank2.status, transfer.status], JSON.stringify(transfer.body)).toEqual([200, 200]);
  Object.assign(B.docs, { bank2: bank2.body.id, fundTransfer: transfer.body.id });
  // B's draft depreciation run.
  const run = await asB<{ id: string }>('POST', '/fa/depreciation-runs', { period: '2026-03-31', description: 'Secret of B' });
  expect(run.status).toBe(200);
  B.docs.depreciationRun = run.body.id;
  // B's draft disposal of its asset.
  const disposal = await asB<{ id: string }>('POST', '/fa/disposals', { asset: B.kit.get('asset')!.id, disposalDate: '2026-03-31', disposalType: 'Scrap', description: 'Secret of B' });
  expect(disposal.status).toBe(200);
  B.docs.assetDisposal = disposal.body.id;
  // B's draft revaluation of its asset.
  const revaluation = await asB<{ id: string }>('POST', '/fa/revaluations', { revaluationDate: '2026-03-31', description: 'Secret of B', lines: [{ asset: B.kit.get('asset')!.id, fairValue: '1' }] });
  expect(revaluation.status).toBe(200);
  B.docs.assetRevaluation = revaluation.body.id;
  // B's capitalisation of its asset (its class's profile names a clearing account).
  const bAsset = B.kit.get('asset')!;
  const faProfile = await asB<{ id: string }>('POST', '/gl/posting-profiles', { code: 'BSECRETFAP', name: 'Secret of B', module: 'Fixed Asset', moduleDefault: false, controlAccount: acct('1500'), clearingAccount: acct('6100') });
  const { id: _cid, createdAt: _cc, updatedAt: _cu, ...bClass } = (await asB<EntityRecord>('GET', `/fa/asset-classes/${String(bAsset.assetClass)}`)).body;
  const classed = await asB('PUT', `/fa/asset-classes/${String(bAsset.assetClass)}`, { ...bClass, postingProfile: faProfile.body.id });
  const capitalisation = await asB<{ id: string }>('POST', `/fa/assets/${bAsset.id}/capitalise`, { date: '2026-03-31', amount: '1', description: 'Secret of B' });
  expect([faProfile.status, classed.status, capitalisation.status], JSON.stringify(capitalisation.body)).toEqual([200, 200, 200]);
  B.docs.assetCapitalisation = capitalisation.body.id;
  // B's draft split of its asset.
  const split = await asB<{ id: string }>('POST', '/fa/splits', { asset: B.kit.get('asset')!.id, splitDate: '2026-03-31', basis: 'Percent', description: 'Secret of B', parts: [{ share: '50' }, { share: '50' }] });
  expect(split.status, JSON.stringify(split.body)).toBe(200);
  B.docs.assetSplit = split.body.id;
  // B's draft insurance policy of its asset.
  const policy = await asB<{ id: string }>('POST', '/fa/insurance-schedules', { insurer: B.kit.get('insuranceCompany')!.id, policyNumber: 'BSECRET-POL', description: 'Secret of B', startDate: '2026-01-01', expiryDate: '2026-12-31', premium: '120', premiumFrequency: 'Monthly', lines: [{ asset: B.kit.get('asset')!.id, insuredValue: '1' }] });
  expect(policy.status, JSON.stringify(policy.body)).toBe(200);
  B.docs.insuranceSchedule = policy.body.id;
  // B's issue from a stock item of its asset's class (what undoing an issue names).
  const bStock = await asB<{ id: string }>('POST', '/fa/asset-stocks', { code: 'BSECRETST', description: 'Secret of B', assetClass: String(bAsset.assetClass), quantity: '2', unitCost: '5', acquisitionDate: '2026-03-01' });
  const issued = await asB<{ issueId: string }>('POST', `/fa/asset-stocks/${bStock.body.id}/issue`, { quantity: '1', issueDate: '2026-03-31', description: 'Secret of B' });
  expect([bStock.status, issued.status], JSON.stringify(issued.body)).toEqual([200, 200]);
  B.docs.assetStockIssue = issued.body.issueId;
  // B's bank statement (what its reconciliation routes name).
  const statement = await insertStatement(t, tenant.tenantId, B.kit.get('bank')!.id, { ref: 'BSECRET', from: '2026-03-01', to: '2026-03-31', openingMinor: 0n, lines: [{ date: '2026-03-02', amountMinor: 100n, reference: 'Secret of B' }] });
  Object.assign(B.docs, { bankStatement: statement.id, bankStatementLine: statement.lineIds[0] });
}

beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin: a } = await adminOf(t, 'COI'));
  await openBooks(t, tenant, a);
  const saved = await asA<Company[]>('POST', '/gl/SaveCompanies', [{ code: 'BSUB', description: 'Company B' }, { code: 'CSUB', description: 'Company C' }]);
  expect(saved.status).toBe(200);
  B.companyId = saved.body[0]!.id;
  B.cCompanyId = saved.body[1]!.id;
  b = await adminIn(B.companyId, 'admin@b.coi.test');
  c = await adminIn(B.cCompanyId, 'admin@c.coi.test');
  await booksOfB();
}, 600_000);
afterAll(() => t.close());

describe('company isolation through the API', () => {
  it('attacks every company route of the manifests, and the app has no route they do not declare', () => {
    const declared = declaredRoutes(t.platform);
    const company = [...declared.values()].filter((r) => r.facts.rows === 'company').map((r) => r.key).sort();
    expect(endpoints().map((e) => e.route).sort()).toEqual(company);
    // An attack written for a route that is gone or no longer company-scoped is stale.
    expect(handAttacks().map((e) => e.route).filter((r) => declared.get(r)?.facts.rows !== 'company')).toEqual([]);
    expect(undeclaredRoutes(knownRoutes(t.app), t.platform)).toEqual([]);
    // Every company-scoped entity of the kit has its routes attacked too.
    const kit = new Set(kitRoutes(t.platform));
    for (const e of kitEndpoints()) expect(kit.has(e.route), e.route).toBe(true);
  });

  it("answers A's user 404 or nothing for B's rows through every company-scoped route, and changes nothing of B", { timeout: 600_000 }, async () => {
    const before = await snapshotOfB();
    for (const endpoint of [...endpoints(), ...kitEndpoints()]) {
      const method = endpoint.route.split(' ')[0] as Method;
      for (const attack of endpoint.attacks()) {
        const what = `${method} ${attack.url}`;
        const res = attack.file ? await fileAsA(attack.url) : await asA(method, attack.url, attack.body);
        expect(attack.status, `${what} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`).toContain(res.status);
        // An import's answer names the cells it refused, B's ids that A itself sent among them (`echo`).
        if (res.status === 200 && !attack.echo) expectNothingOfB(res.body, what);
        await attack.check?.(res.body);
      }
    }
    expect(await snapshotOfB()).toEqual(before);
  });

  it("still gives B's user its own rows", async () => {
    expect((await asB('GET', `/gl/journals/${B.journalId}`)).status).toBe(200);
    expect((await asB('GET', `/gl/intercompany-journals/${B.icJournalId}`)).status).toBe(200);
    expect((await as(c)('GET', `/gl/intercompany-journals/${B.icJournalId}`)).status).toBe(200);
    for (const [name, record] of B.kit) {
      const k = t.platform.entities.get(name);
      expect((await asB('GET', `/${k.def.service}/${k.def.resource}/${record.id}`)).status, name).toBe(200);
    }
  });
});

/** Every row of company B (and of C, its partner), read in SQL over all companies: the proof that nothing changed. */
async function snapshotOfB(): Promise<Record<string, string[]>> {
  const snapshot: Record<string, string[]> = {};
  const tables = await companyTables();
  // As the connecting role: tables the API role may not even read (the balance deltas) are in it too.
  await withSystem(t.platform.database.db, async (tx) => {
    for (const table of tables) {
      const rows = rowsOf<{ r: string }>(await tx.execute(sql.raw(`select row_to_json(x)::text as r from ${table} x where company_id in ('${B.companyId}', '${B.cCompanyId}')`)));
      snapshot[table] = rows.map((row) => row.r).sort();
    }
  });
  return snapshot;
}

/** The tables the company policy guards, read from the catalogue (the policy's own name); `readable`: those the API role may read at all. */
async function companyTables(readable = false): Promise<string[]> {
  return withSystem(t.platform.database.db, async (tx) =>
    // pg_policy itself, not the pg_policies view (which renders every schema's policy expressions and fails when another test file drops its schema meanwhile).
    rowsOf<{ t: string; r: boolean }>(await tx.execute(sql`select c.relname as t, has_table_privilege('erp_app', c.oid, 'SELECT') as r
      from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and p.polname = 'company_isolation' order by 1`)).filter((row) => !readable || row.r).map((row) => row.t),
  );
}

describe('company isolation in SQL', () => {
  it('shows a transaction of company A no row of B in any company table, and refuses moving a row of A into B', { timeout: 300_000 }, async () => {
    const tables = await companyTables(true);
    expect(tables.length).toBeGreaterThan(20);
    const db = t.platform.database.db;
    const count = (table: string, company: string) => sql.raw(`select count(*)::int as n from ${table} where company_id = '${company}'`);
    let withRowsOfB = 0;
    for (const table of tables) {
      const ofB = await withTenant(db, { tenantId: tenant.tenantId, companies: 'all' }, async (tx) => rowsOf<{ n: number }>(await tx.execute(count(table, B.companyId)))[0]!.n);
      if (ofB > 0) withRowsOfB += 1;
      const seen = await withTenant(db, { tenantId: tenant.tenantId, companies: [tenant.companyId] }, async (tx) => rowsOf<{ n: number }>(await tx.execute(count(table, B.companyId)))[0]!.n);
      expect(seen, table).toBe(0);
      // A row of A moved into B: the policy's WITH CHECK refuses it (or the API role may not write the table at all).
      const moved = await withTenant(db, { tenantId: tenant.tenantId, companies: [tenant.companyId] }, async (tx) => {
        const [row] = rowsOf<{ n: number }>(await tx.execute(count(table, tenant.companyId)));
        if (row!.n === 0) return 'no row of A';
        try {
          await tx.transaction((sp) => sp.execute(sql.raw(`update ${table} set company_id = '${B.companyId}' where company_id = '${tenant.companyId}'`)));
          return 'moved';
        } catch (e) {
          return e instanceof Error && e.cause instanceof Error ? e.cause.message : String(e);
        }
      });
      expect(moved, table).toMatch(/row-level security|permission denied|append-only|no row of A/);
      const deleted = await withTenant(db, { tenantId: tenant.tenantId, companies: [tenant.companyId] }, async (tx) => {
        try {
          return rowsOf(await tx.transaction((sp) => sp.execute(sql.raw(`delete from ${table} where company_id = '${B.companyId}' returning 1`)))).length;
        } catch (e) {
          return e instanceof Error && e.cause instanceof Error ? e.cause.message : String(e);
        }
      });
      expect(String(deleted), table).toMatch(/^0$|permission denied|append-only/);
    }
    // B has rows in most of these tables, so "A sees none of them" is not said of empty tables.
    expect(withRowsOfB).toBeGreaterThan(tables.length / 2);
    expect(await snapshotOfB()).not.toEqual({});
  });

  it('shows no company rows to a transaction that declares no company, and every company to one that declares all', async () => {
    const db = t.platform.database.db;
    const companiesSeen = (companies: readonly string[] | 'all') =>
      withTenant(db, { tenantId: tenant.tenantId, companies }, async (tx) => rowsOf<{ c: string }>(await tx.execute(sql`select distinct company_id::text as c from accounts order by 1`)).map((r) => r.c));
    expect(await companiesSeen([])).toEqual([]);
    expect(await companiesSeen([B.companyId])).toEqual([B.companyId]);
    expect(await companiesSeen('all')).toEqual([tenant.companyId, B.companyId, B.cCompanyId].sort());
    const roles = await asA<{ items: Role[] }>('GET', '/auth/role/getroles');
    expect(roles.status).toBe(200);
  });
});
