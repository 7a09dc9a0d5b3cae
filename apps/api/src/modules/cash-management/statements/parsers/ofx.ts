import { addDecimals, canonicalDecimal, cleanText, emptyLine, isoDay, StatementParseError, type ParsedStatement, type StatementLine } from './shape';

/*
 * OFX 1.x (SGML: a header of KEY:VALUE lines, leaf elements not closed) and OFX 2.x (XML) read by
 * one tokenizer: an element holding text is a leaf and closes itself, a closing tag with no open
 * element of its name is ignored. Bank statements (STMTRS) and credit-card statements (CCSTMTRS),
 * each with every BANKTRANLIST it holds. OFX gives the closing (LEDGERBAL) but no opening: the
 * opening is the closing less the lines (said in a note). Written here: the npm OFX packages parse
 * to loose objects (amounts as floats) or only one of the two syntaxes.
 */

type Node = { name: string; text: string | null; children: Node[] };

function tree(body: string): Node {
  const root: Node = { name: '#root', text: null, children: [] };
  const stack: Node[] = [root];
  const tokens = /<(\/?)([A-Za-z0-9._]+)[^>]*>|([^<]+)/g;
  for (const m of body.matchAll(tokens)) {
    const top = stack[stack.length - 1]!;
    if (m[3] !== undefined) {
      const text = m[3].trim();
      if (text && top !== root) {
        top.text = decodeEntities(text);
        stack.pop(); // a leaf closes itself (SGML); its XML closing tag is then ignored
      }
    } else if (m[1]) {
      const at = stack.map((n) => n.name).lastIndexOf(m[2]!.toUpperCase());
      if (at > 0) stack.length = at;
    } else {
      const node: Node = { name: m[2]!.toUpperCase(), text: null, children: [] };
      top.children.push(node);
      stack.push(node);
    }
  }
  return root;
}

const decodeEntities = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
const child = (n: Node | undefined, name: string) => n?.children.find((c) => c.name === name);
const value = (n: Node | undefined, ...path: string[]) => {
  let at = n;
  for (const p of path) at = child(at, p);
  return at?.text ?? null;
};
function* descendants(n: Node, name: string): Generator<Node> {
  for (const c of n.children) {
    if (c.name === name) yield c;
    else yield* descendants(c, name);
  }
}

/** OFX date: YYYYMMDD[HHMMSS[.XXX]][[-8:PST]] -> the date part. */
function ofxDate(text: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(text.trim());
  if (!m) throw new StatementParseError(`"${text}" is not an OFX date`);
  return isoDay(Number(m[1]), Number(m[2]), Number(m[3]), text);
}

/** OFX amounts use a point; some banks write a comma. */
const ofxAmount = (text: string) => canonicalDecimal(text, text.includes(',') && !text.includes('.') ? ',' : '.');

function transaction(t: Node): StatementLine {
  const posted = value(t, 'DTPOSTED');
  const amount = value(t, 'TRNAMT');
  if (!posted || amount === null) throw new StatementParseError(`A transaction ${value(t, 'FITID') ?? ''} has no DTPOSTED or TRNAMT`.replace('  ', ' '));
  const orig = child(t, 'ORIGCURRENCY') ?? child(t, 'CURRENCY');
  const name = value(t, 'NAME') ?? value(t, 'PAYEE', 'NAME');
  const memo = value(t, 'MEMO');
  return {
    ...emptyLine(),
    bookingDate: ofxDate(posted),
    valueDate: value(t, 'DTAVAIL') ? ofxDate(value(t, 'DTAVAIL')!) : null,
    amount: ofxAmount(amount),
    counterpartyName: cleanText(name),
    counterpartyAccount: value(t, 'BANKACCTTO', 'ACCTID') ?? value(t, 'CCACCTTO', 'ACCTID'),
    reference: value(t, 'REFNUM') ?? value(t, 'CHECKNUM'),
    bankReference: value(t, 'FITID'),
    transactionCode: value(t, 'TRNTYPE'),
    description: cleanText(memo ?? name),
    foreignCurrency: orig ? value(orig, 'CURSYM') : null,
    foreignAmount: null,
  };
}

/** Every statement of an OFX file (1.x SGML or 2.x XML). */
export function parseOfx(text: string): ParsedStatement[] {
  const start = text.search(/<OFX>/i);
  if (start < 0) throw new StatementParseError('The file has no <OFX> element');
  const root = tree(text.slice(start));
  const statements = [...descendants(root, 'STMTRS'), ...descendants(root, 'CCSTMTRS')];
  if (statements.length === 0) throw new StatementParseError('The OFX file holds no bank or credit-card statement (STMTRS, CCSTMTRS)');
  return statements.map((s) => {
    const account = value(s, 'BANKACCTFROM', 'ACCTID') ?? value(s, 'CCACCTFROM', 'ACCTID');
    const lists = s.children.filter((c) => c.name === 'BANKTRANLIST');
    const lines = lists.flatMap((l) => l.children.filter((c) => c.name === 'STMTTRN').map(transaction));
    const starts = lists.map((l) => value(l, 'DTSTART')).filter((v): v is string => !!v).map(ofxDate).sort();
    const ends = lists.map((l) => value(l, 'DTEND')).filter((v): v is string => !!v).map(ofxDate).sort();
    const balance = value(s, 'LEDGERBAL', 'BALAMT');
    const closing = balance === null ? null : ofxAmount(balance);
    const opening = closing === null ? null : addDecimals([closing, ...lines.map((l) => (l.amount.startsWith('-') ? l.amount.slice(1) : `-${l.amount}`))]);
    const fromDate = starts[0] ?? lines.map((l) => l.bookingDate).sort()[0] ?? null;
    const toDate = ends[ends.length - 1] ?? (value(s, 'LEDGERBAL', 'DTASOF') ? ofxDate(value(s, 'LEDGERBAL', 'DTASOF')!) : null);
    return {
      statementRef: `${account ?? 'OFX'} ${fromDate ?? ''}..${toDate ?? ''}`,
      sequence: null,
      account: account?.replace(/\s/g, '') ?? null,
      currency: value(s, 'CURDEF'),
      opening,
      closing,
      fromDate,
      toDate,
      notes: closing === null ? [] : ['OFX gives no opening balance: it is the closing (LEDGERBAL) less the lines'],
      lines,
    };
  });
}
