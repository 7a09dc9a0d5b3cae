import { formatMoney } from '@erp/contracts';

/*
 * The bank files of a posted payment run (pure; invariants asserted): ISO 20022 pain.001.001.03
 * (customer credit transfer initiation: a vendor run) and pain.008.001.02 (customer direct debit
 * initiation: a customer run), the SEPA versions banks take, and a CSV of the same transactions.
 *
 * - Amounts are the minor units written with exactly two decimals (a currency of fewer decimals is
 *   scaled up; one of more is refused: SEPA amounts have two). The group header's and each payment
 *   information's NbOfTxs and CtrlSum are the count and the exact sum of their transactions.
 * - Texts keep the SEPA character set (Latin letters, digits, / - ? : ( ) . , ' + space); anything
 *   else becomes a space, and each is cut to its element's length (names 70, remittance 140,
 *   identifiers 35).
 * - A direct debit groups its transactions by sequence type (FRST, RCUR: a payment information
 *   each), as the scheme requires, and carries the company's creditor identifier and each mandate's
 *   reference and signature date.
 * - An agent without a BIC is written `NOTPROVIDED` (the IBAN alone routes a SEPA payment).
 */

export type BankFileTransaction = {
  /** The payment's number: the end-to-end identification the party's bank passes on. */
  endToEndId: string;
  amountMinor: bigint;
  party: { code: string; name: string; iban: string; bic: string | null };
  /** Unstructured remittance: the invoices paid. */
  remittance: string;
  /** Direct debits: the customer's mandate. */
  mandate?: { reference: string; signedOn: string; sequence: 'First' | 'Recurring' };
};

export type BankFileInput = {
  message: 'pain.001.001.03' | 'pain.008.001.02';
  /** The run's number: the message and payment information identification. */
  messageId: string;
  createdAt: Date;
  /** The execution (credit transfer) or collection (direct debit) date. */
  date: string;
  currency: string;
  scale: number;
  company: { name: string; creditorId: string | null };
  bank: { iban: string; bic: string | null };
  transactions: BankFileTransaction[];
};

function invariant(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`Bank file invariant broken: ${message}`);
}

/** Minor units as a decimal of exactly two places. */
export function amountText(minor: bigint, scale: number): string {
  invariant(scale <= 2, `an amount of ${scale} decimals is written with two`);
  return formatMoney(minor * 10n ** BigInt(2 - scale), 2);
}

/** The SEPA character set, cut to `max`. */
export function sepaText(text: string, max: number): string {
  const clean = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ').replace(/\s+/g, ' ').trim();
  return (clean || '-').slice(0, max).trim() || '-';
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `<tag>text</tag>` with the text escaped. */
const el = (tag: string, text: string) => `<${tag}>${escapeXml(text)}</${tag}>`;
const agent = (bic: string | null) => `<FinInstnId>${bic ? el('BIC', bic) : '<Othr><Id>NOTPROVIDED</Id></Othr>'}</FinInstnId>`;
const account = (iban: string) => `<Id>${el('IBAN', iban)}</Id>`;
const ident = (s: string) => sepaText(s, 35).replace(/ /g, '-');

const sum = (txs: BankFileTransaction[]) => txs.reduce((s, t) => s + t.amountMinor, 0n);

function checked(input: BankFileInput): void {
  invariant(input.transactions.length > 0, 'a bank file carries at least one transaction');
  for (const t of input.transactions) invariant(t.amountMinor > 0n, `transaction ${t.endToEndId} moves an amount of more than zero`);
}

function groupHeader(input: BankFileInput): string {
  return `<GrpHdr>${el('MsgId', ident(input.messageId))}${el('CreDtTm', input.createdAt.toISOString().slice(0, 19))}${el('NbOfTxs', String(input.transactions.length))}${el('CtrlSum', amountText(sum(input.transactions), input.scale))}<InitgPty>${el('Nm', sepaText(input.company.name, 70))}</InitgPty></GrpHdr>`;
}

/** Transactions written a thousand at a time: a file of 50,000 is streamed in parts, never built as one string first. */
const PART = 1000;
function* inParts<T>(items: T[], write: (t: T) => string): Generator<string> {
  for (let i = 0; i < items.length; i += PART) yield items.slice(i, i + PART).map(write).join('');
}

/** pain.001.001.03 in parts, in order (what the bank file route streams): one payment information (the run's bank and date), a credit transfer per payment. */
export function* pain001Parts(input: BankFileInput): Generator<string> {
  invariant(input.message === 'pain.001.001.03', 'a credit transfer is a pain.001.001.03');
  checked(input);
  const sepa = input.currency === 'EUR' ? '<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>' : '';
  const ccy = escapeXml(input.currency);
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><CstmrCdtTrfInitn>${groupHeader(input)}` +
    `<PmtInf>${el('PmtInfId', ident(`${input.messageId}-1`))}<PmtMtd>TRF</PmtMtd><BtchBookg>true</BtchBookg>${el('NbOfTxs', String(input.transactions.length))}${el('CtrlSum', amountText(sum(input.transactions), input.scale))}` +
    `${sepa}${el('ReqdExctnDt', input.date)}<Dbtr>${el('Nm', sepaText(input.company.name, 70))}</Dbtr><DbtrAcct>${account(input.bank.iban)}${el('Ccy', input.currency)}</DbtrAcct><DbtrAgt>${agent(input.bank.bic)}</DbtrAgt>` +
    '<ChrgBr>SLEV</ChrgBr>';
  yield* inParts(input.transactions, (t) =>
    `<CdtTrfTxInf><PmtId>${el('EndToEndId', ident(t.endToEndId))}</PmtId><Amt><InstdAmt Ccy="${ccy}">${amountText(t.amountMinor, input.scale)}</InstdAmt></Amt>` +
    `${t.party.bic ? `<CdtrAgt>${agent(t.party.bic)}</CdtrAgt>` : ''}<Cdtr>${el('Nm', sepaText(t.party.name, 70))}</Cdtr><CdtrAcct>${account(t.party.iban)}</CdtrAcct>` +
    `<RmtInf>${el('Ustrd', sepaText(t.remittance, 140))}</RmtInf></CdtTrfTxInf>`);
  yield '</PmtInf></CstmrCdtTrfInitn></Document>\n';
}

/** pain.001.001.03 as one text. */
export const pain001 = (input: BankFileInput): string => [...pain001Parts(input)].join('');

const SEQUENCE_CODES = { First: 'FRST', Recurring: 'RCUR' } as const;

/** pain.008.001.02 in parts, in order: a payment information per sequence type (FRST, then RCUR), a direct debit per collection. */
export function* pain008Parts(input: BankFileInput): Generator<string> {
  invariant(input.message === 'pain.008.001.02', 'a direct debit is a pain.008.001.02');
  checked(input);
  invariant(!!input.company.creditorId, 'a direct debit carries the creditor identifier');
  for (const t of input.transactions) invariant(!!t.mandate, `collection ${t.endToEndId} has its mandate`);
  const groups = (['First', 'Recurring'] as const).map((seq) => ({ seq, txs: input.transactions.filter((t) => t.mandate!.sequence === seq) })).filter((g) => g.txs.length > 0);
  const ccy = escapeXml(input.currency);
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.02" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><CstmrDrctDbtInitn>${groupHeader(input)}`;
  for (const [i, g] of groups.entries()) {
    yield `<PmtInf>${el('PmtInfId', ident(`${input.messageId}-${i + 1}`))}<PmtMtd>DD</PmtMtd>${el('NbOfTxs', String(g.txs.length))}${el('CtrlSum', amountText(sum(g.txs), input.scale))}` +
      `<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl><LclInstrm><Cd>CORE</Cd></LclInstrm>${el('SeqTp', SEQUENCE_CODES[g.seq])}</PmtTpInf>${el('ReqdColltnDt', input.date)}` +
      `<Cdtr>${el('Nm', sepaText(input.company.name, 70))}</Cdtr><CdtrAcct>${account(input.bank.iban)}</CdtrAcct><CdtrAgt>${agent(input.bank.bic)}</CdtrAgt><ChrgBr>SLEV</ChrgBr>` +
      `<CdtrSchmeId><Id><PrvtId><Othr>${el('Id', input.company.creditorId!)}<SchmeNm><Prtry>SEPA</Prtry></SchmeNm></Othr></PrvtId></Id></CdtrSchmeId>`;
    yield* inParts(g.txs, (t) =>
      `<DrctDbtTxInf><PmtId>${el('EndToEndId', ident(t.endToEndId))}</PmtId><InstdAmt Ccy="${ccy}">${amountText(t.amountMinor, input.scale)}</InstdAmt>` +
      `<DrctDbtTx><MndtRltdInf>${el('MndtId', sepaText(t.mandate!.reference, 35))}${el('DtOfSgntr', t.mandate!.signedOn)}</MndtRltdInf></DrctDbtTx>` +
      `<DbtrAgt>${agent(t.party.bic)}</DbtrAgt><Dbtr>${el('Nm', sepaText(t.party.name, 70))}</Dbtr><DbtrAcct>${account(t.party.iban)}</DbtrAcct>` +
      `<RmtInf>${el('Ustrd', sepaText(t.remittance, 140))}</RmtInf></DrctDbtTxInf>`);
    yield '</PmtInf>';
  }
  yield '</CstmrDrctDbtInitn></Document>\n';
}

/** pain.008.001.02 as one text. */
export const pain008 = (input: BankFileInput): string => [...pain008Parts(input)].join('');

/** The same transactions as a table (CSV): one row per payment. */
export function bankFileTable(input: BankFileInput): { headers: string[]; rows: string[][] } {
  checked(input);
  const direct = input.message === 'pain.008.001.02';
  return {
    headers: ['Reference', 'Party', 'Name', 'IBAN', 'BIC', 'Amount', 'Currency', direct ? 'Collection Date' : 'Execution Date', ...(direct ? ['Mandate', 'Signed On', 'Sequence'] : []), 'Remittance'],
    rows: input.transactions.map((t) => [
      t.endToEndId, t.party.code, t.party.name, t.party.iban, t.party.bic ?? '', amountText(t.amountMinor, input.scale), input.currency, input.date,
      ...(direct ? [t.mandate?.reference ?? '', t.mandate?.signedOn ?? '', t.mandate ? SEQUENCE_CODES[t.mandate.sequence] : ''] : []), t.remittance,
    ]),
  };
}
