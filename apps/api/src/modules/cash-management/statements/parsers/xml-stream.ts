/*
 * A streaming XML 1.0 reader for statement files: text is fed in pieces (cut anywhere) and each
 * element's start, text and end are handed over as they complete, so a file is never held whole.
 * It finds markup with indexOf and a few regular expressions over the piece instead of a state
 * machine per character (saxes, used before, took about three quarters of a CAMT import's parsing).
 *
 * It refuses what is not well-formed: markup it cannot read, an end tag that is not the open
 * element's, names that are no XML names, a repeated attribute, `<` or an unknown entity in an
 * attribute or text, `]]>` in text, `--` in a comment, characters XML forbids, text or a second
 * element outside the root, a declaration not at the start, a document type after the root, and
 * a document that ends inside an element or has none. No namespace processing (a name is passed
 * as written, prefix included); a document type is skipped (its entities are not defined: only
 * XML's five and character references are read).
 */

export type XmlHandler = {
  open(name: string, attributes: Readonly<Record<string, string>>): void;
  text(text: string): void;
  close(name: string): void;
};

export class XmlNotWellFormed extends Error {}

const NAME_START = ':A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
// XML's name characters include combining marks (U+0300-U+036F) as a range, as the specification lists them.
// eslint-disable-next-line no-misleading-character-class -- the ranges are code points, meant singly
const NAME = new RegExp(`^[${NAME_START}][${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040]*$`, 'u');
/** Characters XML 1.0 never allows (controls other than tab, newline and return; U+FFFE and U+FFFF). */
// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const NO_ATTRIBUTES: Readonly<Record<string, string>> = Object.freeze({});
/** A start tag's name and what follows it up to its `>` (attributes, `/`). */
/** A name of ASCII letters, digits, `_`, `-`, `.` and `:` that XML allows (it starts with a letter, `_` or `:`). */
const PLAIN_START_TAG = /[A-Za-z_:][\w.:-]*/y;
const START_TAG = /^<([^\s/>]+)([^]*?)(\/?)$/;
const ATTRIBUTE = /\s+([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/y;
const TRAILING_SPACE = /\s*$/y;
const REFERENCE = /&(?:#x([0-9A-Fa-f]+)|#([0-9]+)|([^\s&;]*));/g;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };

/** Names already checked (a file repeats few names many times); bounded against made-up ones. */
const checkedNames = new Set<string>();

export class XmlStream {
  private buffer = '';
  /** Characters of the document before `buffer` (for the position in a message). */
  private offset = 0;
  private readonly stack: string[] = [];
  private rootSeen = false;
  private closed = false;

  constructor(private readonly handler: XmlHandler) {}

  write(piece: string): void {
    if (FORBIDDEN.test(piece)) this.fail(this.buffer.length + piece.search(FORBIDDEN), 'a character XML does not allow');
    this.buffer = this.buffer.length > 0 ? this.buffer + piece : piece;
    this.read(false);
  }

  /** The end of the document: what is left must complete it. */
  end(): void {
    this.read(true);
    if (this.stack.length > 0) this.fail(this.buffer.length, `the document ends inside <${this.stack.at(-1)}>`);
    if (!this.rootSeen) this.fail(this.buffer.length, 'the document has no element');
    this.closed = true;
  }

  private fail(at: number, message: string): never {
    throw new XmlNotWellFormed(`${message} (character ${this.offset + Math.max(0, at) + 1})`);
  }

  private name(name: string, at: number): string {
    if (checkedNames.has(name)) return name;
    if (!NAME.test(name)) this.fail(at, `"${name}" is not an XML name`);
    if (checkedNames.size < 4096) checkedNames.add(name);
    return name;
  }

  /** Reads every complete piece of markup and text in the buffer; keeps an incomplete one for the next write. */
  private read(final: boolean): void {
    if (this.closed) this.fail(0, 'text after the end of the document');
    const s = this.buffer;
    const n = s.length;
    let i = 0;
    while (i < n) {
      const lt = s.indexOf('<', i);
      if (lt !== i) {
        // Text up to the next markup: whole before it is handed over (an entity may be cut by a piece's end).
        if (lt < 0 && !final) break;
        const end = lt < 0 ? n : lt;
        this.text(s.slice(i, end), i);
        i = end;
        continue;
      }
      if (i + 1 >= n) {
        if (final) this.fail(i, 'a "<" at the end of the document');
        break;
      }
      const next = s.charCodeAt(i + 1);
      let after: number;
      if (next === 0x2f /* / */) after = this.endTag(s, i);
      else if (next === 0x3f /* ? */) after = this.instruction(s, i);
      else if (next === 0x21 /* ! */) after = this.declaration(s, i, final);
      else after = this.startTag(s, i);
      if (after < 0) {
        if (final) this.fail(i, 'markup that is never closed');
        break;
      }
      i = after;
    }
    this.offset += i;
    this.buffer = i === n ? '' : s.slice(i);
  }

  private text(raw: string, at: number): void {
    if (this.stack.length === 0) {
      if (raw.trim() !== '') this.fail(at, this.rootSeen ? 'text after the root element' : 'text before the root element');
      return;
    }
    if (raw.includes(']]>')) this.fail(at + raw.indexOf(']]>'), '"]]>" in text');
    let text = raw.includes('&') ? this.references(raw, at) : raw;
    if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
    this.handler.text(text);
  }

  /** XML's five entities and character references replaced; any other `&` refused. */
  private references(raw: string, at: number): string {
    const out = raw.replace(REFERENCE, (whole, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
      if (name !== undefined) {
        const known = PREDEFINED[name];
        if (known === undefined) this.fail(at + raw.indexOf(whole), `the entity ${whole} is not defined`);
        return known;
      }
      const code = hex !== undefined ? parseInt(hex, 16) : Number(dec);
      const valid = code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);
      if (!valid) this.fail(at + raw.indexOf(whole), `${whole} is not a character XML allows`);
      return String.fromCodePoint(code);
    });
    // What is left of `&` after the references were replaced came from a reference (&amp;) or is a bare `&`.
    if (raw.replace(REFERENCE, '').includes('&')) this.fail(at + raw.indexOf('&'), 'a "&" that starts no reference');
    return out;
  }

  /** `</name>`: answers the index after it, or -1 when the piece ends first. */
  private endTag(s: string, i: number): number {
    const open = this.stack.at(-1);
    if (open !== undefined && s.charCodeAt(i + 2 + open.length) === 0x3e && s.startsWith(open, i + 2)) {
      // The common case, `</open>`, read without taking the name out of the text.
      this.stack.pop();
      this.handler.close(open);
      return i + 3 + open.length;
    }
    return this.endTagSlow(s, i);
  }

  private endTagSlow(s: string, i: number): number {
    const gt = s.indexOf('>', i + 2);
    if (gt < 0) return -1;
    const name = s.slice(i + 2, gt).trimEnd();
    const open = this.stack.pop();
    if (open === undefined) this.fail(i, `the end tag </${name}> closes no element`);
    if (name !== open) this.fail(i, `the end tag </${name}> does not close <${open}>`);
    this.handler.close(name);
    return gt + 1;
  }

  /** `<name attributes>` or `<name attributes/>`: answers the index after it, or -1 when the piece ends first. */
  private startTag(s: string, i: number): number {
    let gt = s.indexOf('>', i + 1);
    if (gt < 0) return -1;
    PLAIN_START_TAG.lastIndex = i + 1;
    if (PLAIN_START_TAG.test(s) && PLAIN_START_TAG.lastIndex === gt) {
      // The common case, `<name>` with an ASCII name and no attributes: no regular expression match to take apart.
      if (this.stack.length === 0 && this.rootSeen) this.fail(i, 'a second root element');
      const name = s.slice(i + 1, gt);
      this.rootSeen = true;
      this.handler.open(name, NO_ATTRIBUTES);
      this.stack.push(name);
      return gt + 1;
    }
    let tag = s.slice(i, gt);
    if (tag.includes('"') || tag.includes("'")) {
      // A ">" inside a quoted attribute value does not end the tag.
      gt = quotedTagEnd(s, i);
      if (gt < 0) return -1;
      tag = s.slice(i, gt);
    }
    const m = START_TAG.exec(tag);
    if (!m) this.fail(i, 'a start tag that cannot be read');
    if (this.stack.length === 0 && this.rootSeen) this.fail(i, `a second root element <${m[1]}>`);
    const name = this.name(m[1]!, i);
    const attributes = m[2] ? this.attributes(m[2], i) : NO_ATTRIBUTES;
    this.rootSeen = true;
    this.handler.open(name, attributes);
    if (m[3]) this.handler.close(name);
    else this.stack.push(name);
    return gt + 1;
  }

  private attributes(text: string, at: number): Readonly<Record<string, string>> {
    const out: Record<string, string> = {};
    let i = 0;
    ATTRIBUTE.lastIndex = 0;
    for (let m = ATTRIBUTE.exec(text); m; m = ATTRIBUTE.exec(text)) {
      const name = this.name(m[1]!, at);
      if (Object.hasOwn(out, name)) this.fail(at, `the attribute ${name} is given twice`);
      const raw = m[2] ?? m[3]!;
      if (raw.includes('<')) this.fail(at, `a "<" in the value of ${name}`);
      out[name] = (raw.includes('&') ? this.references(raw, at) : raw).replace(/[\t\n\r]/g, ' ');
      i = ATTRIBUTE.lastIndex;
    }
    TRAILING_SPACE.lastIndex = i;
    TRAILING_SPACE.exec(text);
    if (TRAILING_SPACE.lastIndex !== text.length) this.fail(at, 'a start tag whose attributes cannot be read');
    return out;
  }

  /** `<?target ...?>`: the declaration `<?xml ...?>` only at the very start. */
  private instruction(s: string, i: number): number {
    const close = s.indexOf('?>', i + 2);
    if (close < 0) return -1;
    const target = /^[^\s?]+/.exec(s.slice(i + 2, close))?.[0] ?? '';
    this.name(target, i);
    if (target.toLowerCase() === 'xml' && this.offset + i !== 0) this.fail(i, 'an XML declaration not at the start of the document');
    return close + 2;
  }

  /** A comment, a CDATA section or the document type. */
  private declaration(s: string, i: number, final: boolean): number {
    const rest = s.length - i;
    if (s.startsWith('<!--', i)) {
      const close = s.indexOf('-->', i + 4);
      if (close < 0) return -1;
      if (s.slice(i + 4, close).includes('--') || s.charCodeAt(close - 1) === 0x2d) this.fail(i, '"--" in a comment');
      return close + 3;
    }
    if (s.startsWith('<![CDATA[', i)) {
      if (this.stack.length === 0) this.fail(i, 'a CDATA section outside the root element');
      const close = s.indexOf(']]>', i + 9);
      if (close < 0) return -1;
      const text = s.slice(i + 9, close);
      this.handler.text(text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text);
      return close + 3;
    }
    if (s.startsWith('<!DOCTYPE', i)) {
      if (this.rootSeen) this.fail(i, 'a document type after the root element');
      return doctypeEnd(s, i);
    }
    if (!final && rest < 9 && ['<!--', '<![CDATA[', '<!DOCTYPE'].some((p) => p.startsWith(s.slice(i)))) return -1;
    this.fail(i, 'markup that cannot be read');
  }
}

/** The `>` ending a start tag whose attribute values may hold `>`, or -1 when the text ends first. */
function quotedTagEnd(s: string, i: number): number {
  let quote = 0;
  for (let j = i + 1; j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === 0x22 || c === 0x27) quote = c;
    else if (c === 0x3e) return j;
  }
  return -1;
}

/** The index after a document type declaration (its internal subset and quoted literals skipped), or -1. */
function doctypeEnd(s: string, i: number): number {
  let quote = 0;
  let depth = 0;
  for (let j = i + 9; j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === 0x22 || c === 0x27) quote = c;
    else if (c === 0x5b) depth++;
    else if (c === 0x5d) depth--;
    else if (c === 0x3e && depth <= 0) return j + 1;
  }
  return -1;
}
