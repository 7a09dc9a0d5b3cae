import type { EntityDef } from './define-entity';

export type Table = { headers: string[]; rows: string[][] };

/**
 * RFC 4180 CSV, as the server reads an import and the browser previews it: quoted fields, doubled
 * quotes, CRLF or LF, a leading byte-order mark ignored, blank lines dropped; the first row names
 * the columns. `unterminated` tells that the text ended inside quotes (the server refuses that).
 * `delimiter`: a comma unless the file says otherwise (bank statements often use `;` or a tab).
 */
export function readCsv(text: string, delimiter = ','): Table & { unterminated: boolean } {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) endField();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      endRecord();
    } else field += c;
  }
  if (field !== '' || record.length > 0) endRecord();
  const [headers = [], ...rows] = records.filter((r) => r.some((v) => v.trim() !== ''));
  return { headers: headers.map((h) => h.trim()), rows, unterminated: quoted };
}

/** A column header's field: its label or its field name, ignoring case. */
export function fieldOfHeader(def: EntityDef, header: string): string | undefined {
  const wanted = header.trim().toLowerCase();
  if (wanted === '') return undefined;
  return Object.entries(def.fields).find(([field, f]) => f.label.toLowerCase() === wanted || field.toLowerCase() === wanted)?.[0];
}
