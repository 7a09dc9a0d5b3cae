// Built cases the samples do not cover: OFX 1.x SGML with unclosed tags, a CAMT batch entry split into its transaction details (and one
// kept whole when its details do not add up), a CAMT file of two statements in two currencies (camt.053.001.08 names), several
// statements in one MT940 file without an envelope, German ?NN subfields, decimal commas, and amounts that never pass through a float.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { statementMappingSchema } from '@erp/contracts';
import { parseCamt053 } from '../parsers/camt053';
import { detectFormat } from '../parsers/detect';
import { parseMt940 } from '../parsers/mt940';
import { parseOfx } from '../parsers/ofx';
import { addDecimals, canonicalDecimal, collectStatements, type ParsedStatement } from '../parsers/shape';
import { mappedDate, parseTabularStatement } from '../parsers/tabular';
import { accountMatches, balanceCheck, bankFor, continuityCheck } from '../statement-checks';

const camt = async (xml: string, chunk = 7) => {
  const bytes = Buffer.from(xml);
  // Small chunks: elements and texts cut anywhere must parse the same.
  const chunks = Array.from({ length: Math.ceil(bytes.length / chunk) }, (_, i) => bytes.subarray(i * chunk, (i + 1) * chunk));
  return collectStatements(parseCamt053(Readable.from(chunks)));
};

const OFX1 = `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252

<OFX>
<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20260131120000<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
<STMTRS><CURDEF>EUR
<BANKACCTFROM><BANKID>12345678<ACCTID>0123456789<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20260101<DTEND>20260131
<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20260105<TRNAMT>1250,10<FITID>A-1<NAME>Customer &amp; Sons<MEMO>Invoice 2026-001</STMTTRN>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260107120000[+1:CET]<TRNAMT>-0.10<FITID>A-2<NAME>Bank fee</STMTTRN>
</BANKTRANLIST>
<LEDGERBAL><BALAMT>2000.00<DTASOF>20260131</LEDGERBAL>
</STMTRS></STMTTRNRS></BANKMSGSRSV1>
</OFX>`;

const CAMT_TWO = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>M1</MsgId></GrpHdr>
<Stmt><Id>S-EUR</Id><ElctrncSeqNb>7</ElctrncSeqNb><FrToDt><FrDtTm>2026-02-01T00:00:00</FrDtTm><ToDtTm>2026-02-28T23:59:59</ToDtTm></FrToDt>
<Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">100.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Dt><Dt>2026-01-31</Dt></Dt></Bal>
<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">900.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-02-28</Dt></Dt></Bal>
<Ntry><NtryRef>E1</NtryRef><Amt Ccy="EUR">1000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-02-03</Dt></BookgDt><ValDt><Dt>2026-02-04</Dt></ValDt>
<AcctSvcrRef>BANK-1</AcctSvcrRef><BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
<NtryDtls><Btch><NbOfTxs>3</NbOfTxs></Btch>
<TxDtls><Refs><EndToEndId>E2E-1</EndToEndId></Refs><Amt Ccy="EUR">600.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><RltdPties><Dbtr><Pty><Nm>Alpha GmbH</Nm></Pty></Dbtr><DbtrAcct><Id><IBAN>DE02120300000000202051</IBAN></Id></DbtrAcct></RltdPties><RmtInf><Ustrd>INV 1</Ustrd></RmtInf></TxDtls>
<TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs><Amt Ccy="EUR">300.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><RltdPties><Dbtr><Pty><Nm>Beta AG</Nm></Pty></Dbtr></RltdPties><RmtInf><Strd><CdtrRefInf><Ref>RF18539007547034</Ref></CdtrRefInf></Strd></RmtInf></TxDtls>
<TxDtls><Refs><EndToEndId>E2E-3</EndToEndId></Refs><Amt Ccy="EUR">100.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><RltdPties><Dbtr><Pty><Nm>Gamma SA</Nm></Pty></Dbtr></RltdPties></TxDtls>
</NtryDtls></Ntry>
</Stmt>
<Stmt><Id>S-USD</Id><Acct><Id><Othr><Id>987654321</Id></Othr></Id><Ccy>USD</Ccy></Acct>
<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="USD">50.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-02-27</Dt></Dt></Bal>
<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="USD">45.50</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-02-28</Dt></Dt></Bal>
<Ntry><Amt Ccy="USD">4.50</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><DtTm>2026-02-28T10:00:00</DtTm></BookgDt>
<NtryDtls><TxDtls><Amt Ccy="USD">2.00</Amt><CdtDbtInd>DBIT</CdtDbtInd></TxDtls><TxDtls><Amt Ccy="USD">2.00</Amt><CdtDbtInd>DBIT</CdtDbtInd></TxDtls></NtryDtls>
<AddtlNtryInf>Fees February</AddtlNtryInf></Ntry>
</Stmt></BkToCstmrStmt></Document>`;

const MT940_TWO = [
  ':20:STARTUMS', ':25:10020030/1234567890', ':28C:00001/001', ':60F:C260301EUR1000,00',
  ':61:2603020302RC250,50N005NONREF', ':86:005?00UEBERWEISUNG?20EREF+INV-77?21Miete Maerz?3010020030?31DE12100200300000000777?32Vermieter?33 GmbH',
  ':61:2603030303RD0,50NCHGNONREF//B-2', ':86:Zinsen',
  ':62F:C260303EUR750,00',
  ':20:STARTUMS', ':25:10020030/1234567890', ':28C:00002/001', ':60F:C260303EUR750,00',
  ':61:2603040304C1000,00NTRFABC//B-3', ':86:/NAME/Kunde AG/IBAN/DE02120300000000202051/REMI/Rechnung 12/',
  ':62M:C260304EUR1750,00', '-',
].join('\n');

describe('built statement cases', () => {
  it('reads OFX 1.x SGML: unclosed leaf tags, a header of key:value lines, a decimal comma, entities', () => {
    expect(detectFormat(Buffer.from(OFX1))).toBe('OFX');
    const [s] = parseOfx(OFX1) as [ParsedStatement];
    expect(s).toMatchObject({ account: '0123456789', currency: 'EUR', closing: '2000', opening: '750', fromDate: '2026-01-01', toDate: '2026-01-31' });
    expect(s.lines).toEqual([
      expect.objectContaining({ bookingDate: '2026-01-05', amount: '1250.1', bankReference: 'A-1', counterpartyName: 'Customer & Sons', description: 'Invoice 2026-001', transactionCode: 'CREDIT' }),
      expect.objectContaining({ bookingDate: '2026-01-07', amount: '-0.1', bankReference: 'A-2', counterpartyName: 'Bank fee' }),
    ]);
  });

  it('splits a CAMT batch entry into its transaction details and reads two statements in two currencies', async () => {
    expect(detectFormat(Buffer.from(CAMT_TWO))).toBe('CAMT.053');
    const [eur, usd] = (await camt(CAMT_TWO)) as [ParsedStatement, ParsedStatement];
    expect(eur).toMatchObject({ statementRef: 'S-EUR', sequence: '7', account: 'DE89370400440532013000', currency: 'EUR', opening: '-100', closing: '900', fromDate: '2026-02-01', toDate: '2026-02-28' });
    expect(eur.lines.map((l) => [l.amount, l.counterpartyName, l.reference, l.bankReference, l.transactionCode, l.valueDate])).toEqual([
      ['600', 'Alpha GmbH', 'E2E-1', 'BANK-1', 'PMNT-RCDT-ESCT', '2026-02-04'],
      ['300', 'Beta AG', 'RF18539007547034', 'BANK-1', 'PMNT-RCDT-ESCT', '2026-02-04'],
      ['100', 'Gamma SA', 'E2E-3', 'BANK-1', 'PMNT-RCDT-ESCT', '2026-02-04'],
    ]);
    expect(eur.lines[0]!.counterpartyAccount).toBe('DE02120300000000202051');
    expect(addDecimals([eur.opening!, ...eur.lines.map((l) => l.amount)])).toBe(eur.closing);
    // Details of 2.00 + 2.00 do not make the entry's 4.50: the entry stays one line, and a note says why.
    expect(usd).toMatchObject({ statementRef: 'S-USD', account: '987654321', currency: 'USD', opening: '50', closing: '45.5', fromDate: '2026-02-27', toDate: '2026-02-28' });
    expect(usd.lines.map((l) => [l.amount, l.bookingDate, l.description])).toEqual([['-4.5', '2026-02-28', 'Fees February']]);
    expect(usd.notes).toEqual(['Entry 1 (-4.5): its 2 transaction details add up to -4, so it is kept as one line']);
  });

  it('parses a CAMT file the same whatever its chunking, and refuses XML that is not well-formed', async () => {
    expect(await camt(CAMT_TWO, 1)).toEqual(await camt(CAMT_TWO, 65_536));
    await expect(camt(CAMT_TWO.replace('</Stmt></BkToCstmrStmt>', '</BkToCstmrStmt>'))).rejects.toThrow(/not well-formed/);
    await expect(camt('<Document><Other/></Document>')).rejects.toThrow(/not a camt.053/);
  });

  it('reads several MT940 statements of one file without an envelope: RC/RD marks, German ?NN subfields, /NAME/ /IBAN/ /REMI/', () => {
    expect(detectFormat(Buffer.from(MT940_TWO))).toBe('MT940');
    const [a, b] = parseMt940(MT940_TWO) as [ParsedStatement, ParsedStatement];
    expect(a).toMatchObject({ statementRef: 'STARTUMS', sequence: '00001/001', account: '1234567890', currency: 'EUR', opening: '1000', closing: '750', toDate: '2026-03-03' });
    expect(a.lines.map((l) => [l.amount, l.reversal, l.bookingDate])).toEqual([['-250.5', true, '2026-03-02'], ['0.5', true, '2026-03-03']]);
    expect(a.lines[0]).toMatchObject({ counterpartyName: 'Vermieter GmbH', counterpartyAccount: 'DE12100200300000000777', reference: 'INV-77', transactionCode: '005', description: 'EREF+INV-77Miete Maerz' });
    expect(a.lines[1]).toMatchObject({ bankReference: 'B-2', description: 'Zinsen' });
    expect(b).toMatchObject({ sequence: '00002/001', opening: '750', closing: '1750' });
    expect(b.lines[0]).toMatchObject({ amount: '1000', counterpartyName: 'Kunde AG', counterpartyAccount: 'DE02120300000000202051', description: 'Rechnung 12', reference: 'ABC', bankReference: 'B-3' });
  });

  it('turns decimals into canonical strings exactly, never through a float', () => {
    expect(['1.500,00', '-33,50', '0,10'].map((v) => canonicalDecimal(v, ','))).toEqual(['1500', '-33.5', '0.1']);
    expect(['1,525.00', '(12.00)', '12.00-', '+5', '-0.00', '0.1'].map((v) => canonicalDecimal(v))).toEqual(['1525', '-12', '-12', '5', '0', '0.1']);
    expect(addDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(addDecimals(['9007199254740993.01', '0.01'])).toBe('9007199254740993.02');
    expect(() => canonicalDecimal('1.2.3')).toThrow(/not an amount/);
    expect(() => canonicalDecimal('abc')).toThrow(/not an amount/);
  });

  it('reads a mapped CSV: rows skipped before the header, day-first dates, decimal comma, an inverted sign', () => {
    const mapping = statementMappingSchema.parse({ headerRowsSkip: 2, dateFormat: 'DD.MM.YYYY', decimalSeparator: ',', delimiter: ';', invertSign: true, dateColumn: 'Buchung', amountColumn: 'Betrag', referenceColumn: 'Ref' });
    const records = [['Kontoauszug'], ['Konto 123'], ['Buchung', 'Betrag', 'Ref'], ['31.01.2026', '1.234,56', 'R1'], ['01.02.2026', '-10,00', 'R2']];
    const s = parseTabularStatement(records, mapping, 'feb.csv');
    expect(s.lines.map((l) => [l.bookingDate, l.amount, l.reference])).toEqual([['2026-01-31', '-1234.56', 'R1'], ['2026-02-01', '10', 'R2']]);
    expect(() => mappedDate('31.02.2026', 'DD.MM.YYYY')).toThrow(/not a date/);
    expect(() => parseTabularStatement(records, { ...mapping, amountColumn: 'Amount' }, 'feb.csv')).toThrow(/no column "Amount"/);
  });

  it('judges accounts, balances and continuity exactly', () => {
    expect(accountMatches('NL77INGB0574908765', '0574908765')).toBe(true);
    expect(accountMatches('NL 77 INGB 0574 9087 65', 'nl77ingb0574908765')).toBe(true);
    expect(accountMatches('NL77INGB0574908765', '908765')).toBe(true);
    expect(accountMatches('NL77INGB0574908765', '0574908766')).toBe(false);
    const bank = (id: string, accountNumber: string, currency: string) => ({ id, code: id, name: id, accountNumber, currency, scale: 2, active: true });
    const [ing, abn, usd] = [bank('ING', '0574908765', 'EUR'), bank('ABN', '574908765', 'EUR'), bank('USD', 'NL77ABNA0574908765', 'USD')];
    // Two banks end the same IBAN: the one chosen wins; a statement in another currency goes to the bank of that currency.
    expect(bankFor('NL77ABNA0574908765', 'EUR', [ing, abn, usd], abn)).toBe(abn);
    expect(bankFor('NL77ABNA0574908765', 'USD', [ing, abn, usd], abn)).toBe(usd);
    expect(bankFor(null, 'EUR', [ing, abn], ing)).toBe(ing);
    expect(bankFor('NL91ABNA0417164300', 'EUR', [ing, abn], ing)).toBeNull();
    expect(balanceCheck(100n, 50n, 150n, 2, null).outcome).toBe('Passed');
    expect(balanceCheck(100n, 50n, 151n, 2, null)).toMatchObject({ outcome: 'Failed', message: 'Opening 1.00 + lines 0.50 = 1.50, not the closing 1.51 (a difference of 0.01)' });
    const previous = { statementRef: 'P', fromDate: '2026-01-01', toDate: '2026-01-31', closingMinor: 500n };
    expect(continuityCheck(500n, '2026-02-01', previous, 2).outcome).toBe('Passed');
    expect(continuityCheck(400n, '2026-02-05', previous, 2).message).toContain('a gap');
    expect(continuityCheck(400n, '2026-01-20', previous, 2).message).toContain('an overlap');
  });
});
