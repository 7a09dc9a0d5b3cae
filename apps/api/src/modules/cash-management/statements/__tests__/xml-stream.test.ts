// The statement files' XML reader against saxes (the strict parser it replaced): the same elements, attributes and text for
// documents cut into pieces anywhere, and every document saxes refuses as not well-formed refused too.
import { existsSync, readFileSync } from 'node:fs';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { XmlNotWellFormed, XmlStream } from '../parsers/xml-stream';

type Event = [string, string, Record<string, string>?];

function withXmlStream(xml: string, piece: number): Event[] {
  const out: Event[] = [];
  const text = (t: string) => {
    const last = out.at(-1);
    if (last?.[0] === 'text') last[1] += t;
    else out.push(['text', t]);
  };
  const reader = new XmlStream({ open: (name, attributes) => out.push(['open', name, { ...attributes }]), text, close: (name) => out.push(['close', name]) });
  for (let i = 0; i < xml.length; i += piece) reader.write(xml.slice(i, i + piece));
  reader.end();
  return out;
}

function withSaxes(xml: string): Event[] {
  const out: Event[] = [];
  const parser = new SaxesParser({ xmlns: false });
  let failure: Error | null = null;
  parser.on('error', (e) => (failure ??= e));
  const text = (t: string) => {
    const last = out.at(-1);
    if (last?.[0] === 'text') last[1] += t;
    else out.push(['text', t]);
  };
  parser.on('opentag', (t) => out.push(['open', t.name, { ...(t.attributes as Record<string, string>) }]));
  parser.on('text', (t) => {
    // saxes hands over the whitespace around the root too; the reader keeps only what is inside it.
    if (out.length > 0 && !(out.length > 0 && depthOf(out) === 0)) text(t);
  });
  parser.on('cdata', text);
  parser.on('closetag', (t) => out.push(['close', t.name]));
  parser.write(xml).close();
  if (failure) throw failure;
  return out;
}

const depthOf = (events: Event[]) => events.reduce((d, [kind]) => d + (kind === 'open' ? 1 : kind === 'close' ? -1 : 0), 0);

/** The real CAMT sample of ../shared/samples/bank (found upwards, as the samples test does). */
const SAMPLE = ((): string => {
  for (let up = '../'; up.length < 60; up += '../') {
    const file = new URL(`${up}shared/samples/bank/camt053_oca_abnamro_eur.xml`, import.meta.url);
    if (existsSync(file)) return readFileSync(file, 'utf8');
  }
  throw new Error('shared/samples/bank not found above the repository');
})();
const ODD = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE a [<!ELEMENT a ANY> <!ATTLIST a x CDATA "d>">]>
<!-- before -->
<p:a xmlns:p="urn:x" x='>' y="&amp;&#65;&#x42; &quot;q&quot;"  z = "t\tu"><![CDATA[<&>]]><!-- inside --><?pi data?>t&lt;&gt;&apos;
<b/><c   ></c   ><é-1.x/>\r\nend</p:a>
<?after?>
`;

describe('XML reader of statement files', () => {
  it('reads what saxes reads, cut into pieces anywhere', () => {
    for (const xml of [SAMPLE, ODD]) {
      const expected = withSaxes(xml);
      expect(expected.length).toBeGreaterThan(5);
      for (const piece of [1, 2, 7, 64, 65_536]) expect(withXmlStream(xml, piece)).toEqual(expected);
    }
  });

  it('refuses every document saxes refuses as not well-formed', () => {
    const bad = [
      '', '   ', '<a>', '<a></b>', '<a><b></a></b>', '</a>', '<a/></a>', '<a b="1" b="2"/>', '<a b="<"/>', '<a b=1/>', '<a b="1"c="2"/>', '<a b/>',
      '<a>&foo;</a>', '<a>& </a>', '<a>&;</a>', '<a>&#0;</a>', '<a>]]></a>', '<a><!-- x -- y --></a>', '<a/><b/>', 'x<a/>', '<a/>x',
      ' <?xml version="1.0"?><a/>', '<a/><?xml version="1.0"?>', '<a>\u0001</a>', '<1a/>', '< a/>', '<a/ >', '<a></a><!DOCTYPE a>', '<![CDATA[x]]><a/>',
      '<a><!X></a>', '<a b="&bad;"/>', '<a>x<</a>', '<a><b></b>',
    ];
    for (const xml of bad) {
      expect(() => withSaxes(xml), xml).toThrow();
      for (const piece of [1, 3, 100]) expect(() => withXmlStream(xml, piece), `${xml} in pieces of ${piece}`).toThrow(XmlNotWellFormed);
    }
  });
});
