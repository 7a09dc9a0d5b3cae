import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_DATE_FORMAT, displayAmount, displayDate, displayDateTime, formatMoney, ibanIsValid, paymentRunLabel, type BankFileFormat, type PaymentRunFace } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { unprocessable } from '../../../platform/http/errors';
import type { Actor } from '../../../platform/http/actor';
import type { KitScope } from '../../../platform/kit/registry';
import { toCsv } from '../../../platform/kit/tabular-files';
import type { Mailer } from '../../../platform/mail/mailer';
import { companies } from '../../organisation/index';
import { companySettings } from '../../ledger/index';
import { currencyFacts } from '../invoices/invoice-facts';
import { bankFileTable, pain001Parts, pain008Parts, type BankFileInput, type BankFileTransaction } from './bank-files';
import { remittancePdf, type RemittancePrint } from './remittance-pdf';
import { accountFor, partyProblem, runBank, runLinesInOrder, storedRun, type RunRow } from './payment-runs.service';

/*
 * The files of a posted run: its bank file (ISO 20022 XML of the face, or CSV), each party's
 * remittance advice (PDF) and the advices mailed to the parties through the outbox.
 */

/** A file's body: a PDF, a CSV, or an XML bank file streamed in parts (`Readable`). */
export type RunFile = { fileName: string; contentType: string; body: Buffer | string | Readable };

type Lines = Awaited<ReturnType<typeof runLinesInOrder>>;

async function postedRun(tx: Tx, scope: KitScope, rf: PaymentRunFace, id: string): Promise<{ h: RunRow; lines: Lines }> {
  const h = await storedRun(tx, scope, rf, id, false);
  if (h.status !== 'Posted') throw unprocessable(`${paymentRunLabel(rf)} ${h.number ?? ''} is ${h.status.toLowerCase()}: the files are made of a posted run`.replace('  ', ' '));
  return { h, lines: await runLinesInOrder(tx, scope, rf, h) };
}

/** The run's payments, one per party, in line order: the party, its payment and the invoices it pays. */
function byParty(lines: Lines) {
  const out = new Map<string, Lines>();
  for (const l of lines) {
    const party = out.get(l.id);
    if (party) party.push(l);
    else out.set(l.id, [l]);
  }
  return [...out.values()];
}

const invoicesText = (lines: Lines) => lines.map((l) => l.party_document_number ?? l.number ?? '').filter(Boolean).join(' ');

async function companyFacts(tx: Tx, scope: KitScope) {
  const [company] = await tx.select({ code: companies.code, description: companies.description, dateFormat: companies.dateFormat, locale: companies.locale }).from(companies)
    .where(and(eq(companies.tenantId, scope.tenantId), eq(companies.companyId, scope.companyId)));
  const [settings] = await tx.select({ creditorId: companySettings.sepaCreditorId, address: companySettings.address }).from(companySettings)
    .where(and(eq(companySettings.tenantId, scope.tenantId), eq(companySettings.companyId, scope.companyId)));
  return {
    name: company?.description || company?.code || 'Company', creditorId: settings?.creditorId ?? null, address: (settings?.address ?? '').split(/\r?\n/).map((l) => l.trim()).filter(Boolean),
    display: { dateFormat: company?.dateFormat ?? DEFAULT_DATE_FORMAT, locale: company?.locale ?? 'en-GB', timeZone: 'UTC' },
  };
}

/** The bank file of a posted run: pain.001.001.03 for a vendor run by transfer, pain.008.001.02 for a customer run by direct debit, or CSV of either. */
export async function bankFile(tx: Tx, scope: KitScope, rf: PaymentRunFace, id: string, format: BankFileFormat, now: Date): Promise<RunFile> {
  const { h, lines } = await postedRun(tx, scope, rf, id);
  const wanted = rf.message === 'pain.001.001.03' ? 'Transfer' : 'DirectDebit';
  const xml = format === 'xml';
  if (xml && h.method !== wanted) throw unprocessable(`A ${rf.message} bank file is made of a run by ${wanted}: this run pays by ${h.method}`);
  const bank = await runBank(tx, scope, h.bankId);
  const bankIban = bank.iban.replace(/\s+/g, '').toUpperCase();
  if (xml && !ibanIsValid(bankIban)) throw unprocessable(`Bank ${bank.code} has no valid IBAN (${bank.iban}): correct it on /bank`);
  const company = await companyFacts(tx, scope);
  if (xml && wanted === 'DirectDebit' && !company.creditorId) throw unprocessable('The company has no SEPA creditor identifier: set it on /company-config');
  const { scales } = await currencyFacts(tx, scope);
  const scale = scales[h.currency] ?? 2;
  if (scale > 2) throw unprocessable(`${h.currency} has ${scale} decimals: a bank file's amounts have two`);
  const transactions: BankFileTransaction[] = byParty(lines).map((party) => {
    const p = party[0]!;
    const problem = partyProblem(rf, h.method, h.currency, p);
    if (problem) throw unprocessable(problem);
    const acct = accountFor(p, h.currency);
    return {
      endToEndId: p.payment_number ?? h.number ?? h.id, amountMinor: BigInt(p.payment_amount_minor ?? '0'),
      party: { code: p.code, name: p.name, iban: acct.iban ?? '', bic: acct.bic ? acct.bic.toUpperCase() : null },
      remittance: `${h.number} ${invoicesText(party)}`,
      ...(h.method === 'DirectDebit' && p.mandate_reference && p.mandate_signed_on ? { mandate: { reference: p.mandate_reference!, signedOn: p.mandate_signed_on!, sequence: p.line_sequence ?? 'First' } } : {}),
    };
  });
  const input: BankFileInput = {
    message: rf.message, messageId: h.number ?? h.id, createdAt: now, date: h.paymentDate, currency: h.currency, scale,
    company: { name: company.name, creditorId: company.creditorId }, bank: { iban: bankIban, bic: bank.bic ? bank.bic.toUpperCase() : null }, transactions,
  };
  const stem = `${rf.pf.face.partyWord}-payment-run-${h.number ?? h.id}`.replace(/[^\w.-]+/g, '_');
  if (format === 'csv') return { fileName: `${stem}.csv`, contentType: 'text/csv; charset=utf-8', body: toCsv(bankFileTable(input)) };
  // The XML is streamed as it is written (a run of 50,000 payments is a file of some 15 MB), its checks done before the first part.
  const parts = rf.message === 'pain.001.001.03' ? pain001Parts(input) : pain008Parts(input);
  const first = parts.next();
  return { fileName: `${stem}.${rf.message}.xml`, contentType: 'application/xml; charset=utf-8', body: Readable.from((function* () {
    if (!first.done) yield first.value;
    yield* parts;
  })(), { objectMode: false }) };
}

/** What a party's advice says: its payment, the invoices paid, their discounts and amounts. */
async function advicePrint(tx: Tx, scope: KitScope, rf: PaymentRunFace, h: RunRow, party: Lines, now: Date): Promise<RemittancePrint> {
  const company = await companyFacts(tx, scope);
  const bank = await runBank(tx, scope, h.bankId);
  const { scales } = await currencyFacts(tx, scope);
  const scale = scales[h.currency] ?? 2;
  const p = party[0]!;
  const m = (minor: bigint) => formatMoney(minor, scale);
  const receivable = rf.pf.face.side === 'receivables';
  return {
    title: receivable ? 'Direct debit advice' : 'Remittance advice',
    company: { name: company.name, details: company.address },
    party: { label: rf.pf.face.partyLabel, code: p.code, name: p.name },
    facts: [
      ['Payment', p.payment_number ?? '—'],
      [receivable ? 'Collection date' : 'Payment date', displayDate(h.paymentDate, company.display)],
      ['Run', h.number ?? '—'],
      ['Method', h.method],
      ['Bank', bank.code],
      ['Currency', h.currency],
    ],
    intro: receivable
      ? `We will collect the amount below from your account by direct debit on ${displayDate(h.paymentDate, company.display)}, settling these invoices:`
      : `We have paid the amount below to your account on ${displayDate(h.paymentDate, company.display)}, settling these invoices:`,
    currency: h.currency, scale,
    lines: party.map((l) => ({ invoice: l.number ?? '', yourReference: l.party_document_number ?? '', dueDate: l.due_date, discount: m(BigInt(l.discount_minor)), amount: m(BigInt(l.amount_minor)) })),
    totals: { discount: m(party.reduce((s, l) => s + BigInt(l.discount_minor), 0n)), amount: m(party.reduce((s, l) => s + BigInt(l.amount_minor), 0n)) },
    display: company.display,
    generatedAt: `${displayDateTime(now, company.display)} UTC`,
  };
}

const adviceFileName = (h: RunRow, partyCode: string) => `remittance-${h.number ?? h.id}-${partyCode}.pdf`.replace(/[^\w.-]+/g, '_');

/** One party's remittance advice of a posted run, as a PDF. */
export async function remittanceFile(tx: Tx, scope: KitScope, rf: PaymentRunFace, id: string, partyId: string, now: Date): Promise<RunFile> {
  const { h, lines } = await postedRun(tx, scope, rf, id);
  const party = byParty(lines).find((g) => g[0]!.id === partyId);
  if (!party) throw unprocessable(`party: the ${rf.pf.face.partyWord} is not paid by this run`);
  const print = await advicePrint(tx, scope, rf, h, party, now);
  return { fileName: adviceFileName(h, party[0]!.code), contentType: 'application/pdf', body: await remittancePdf(print) };
}

/** The advice as the mail's text: the same lines as the PDF. */
function adviceText(print: RemittancePrint): string {
  const money = (text: string) => `${displayAmount(text, print.display, print.scale)} ${print.currency}`;
  const rows = print.lines.map((l) => `- ${l.invoice}${l.yourReference ? ` (your ${l.yourReference})` : ''}, due ${displayDate(l.dueDate, print.display)}: ${money(l.amount)}${/[1-9]/.test(l.discount) ? `, discount ${money(l.discount)}` : ''}`);
  return [
    `${print.title} from ${print.company.name}`,
    '',
    `To ${print.party.name} (${print.party.code})`,
    ...print.facts.map(([k, v]) => `${k}: ${v}`),
    '',
    print.intro,
    ...rows,
    '',
    `Discounts: ${money(print.totals.discount)}`,
    `Total: ${money(print.totals.amount)}`,
  ].join('\n');
}

/**
 * Mails every party of a posted run its advice (to its contacts' mail: the advice as text, its PDF attached), through the outbox in the
 * caller's transaction; answers the mails to deliver after commit and the parties with no mail.
 */
export async function mailRemittances(tx: Tx, actor: Actor, mailer: Mailer, rf: PaymentRunFace, id: string, now: Date): Promise<{ mailIds: string[]; skipped: string[] }> {
  const { h, lines } = await postedRun(tx, actor, rf, id);
  const mailIds: string[] = [];
  const skipped: string[] = [];
  for (const party of byParty(lines)) {
    const p = party[0]!;
    const to = [...new Set((p.contacts ?? []).map((c) => c.mail?.trim()).filter((x): x is string => !!x))];
    if (to.length === 0) {
      skipped.push(p.code);
      continue;
    }
    const print = await advicePrint(tx, actor, rf, h, party, now);
    const pdf = { fileName: adviceFileName(h, p.code), contentType: 'application/pdf', content: await remittancePdf(print) };
    mailIds.push(await mailer.enqueue(tx, actor.tenantId, { to: to.join(', '), subject: `${print.title} ${p.payment_number ?? h.number ?? ''} from ${print.company.name}`.trim(), body: adviceText(print), attachments: [pdf] }));
  }
  return { mailIds, skipped };
}
