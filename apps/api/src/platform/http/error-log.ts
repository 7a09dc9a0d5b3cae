import { createHash } from 'node:crypto';

/**
 * How an error is written to the log (the logger's `err` serializer). A failed statement is logged
 * as its text (literals masked), a fingerprint of it and the SQLSTATE, never its parameter values
 * nor the server's message and detail, which quote them ('invalid input syntax for type integer:
 * "<value>"', 'Key (mail_address)=(<value>) already exists'): they hold user data.
 */
export function errorForLog(error: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const failed = chainOf(error).find((e) => typeof (e as { query?: unknown }).query === 'string' && 'params' in e) as (Error & { query: string }) | undefined;
  const database = chainOf(error).find((e) => typeof (e as { code?: unknown }).code === 'string' && /^[0-9A-Z]{5}$/.test((e as unknown as { code: string }).code)) as
    | (Error & { code: string; constraint?: string; table?: string; column?: string; routine?: string })
    | undefined;
  if (!failed && !database) return { type: error.name, message: error.message, stack: error.stack ?? '', ...('code' in error ? { code: error.code } : {}) };
  const statement = failed ? maskLiterals(failed.query).slice(0, 4000) : undefined;
  return {
    type: failed?.name ?? database?.name ?? error.name,
    message: `Database error ${database?.code ?? ''}`.trim(),
    code: database?.code,
    ...(statement ? { statement, fingerprint: createHash('sha1').update(statement).digest('hex').slice(0, 16) } : {}),
    ...(database?.constraint ? { constraint: database.constraint } : {}),
    ...(database?.table ? { table: database.table } : {}),
    ...(database?.column ? { column: database.column } : {}),
    ...(database?.routine ? { routine: database.routine } : {}),
    // The frames only: the first line of a stack repeats the message, which quotes the values.
    stack: (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)).join('\n'),
  };
}

function chainOf(error: Error): Error[] {
  const chain: Error[] = [];
  for (let e: unknown = error; e instanceof Error && chain.length < 5; e = e.cause) chain.push(e);
  return chain;
}

/** A statement with its string and number literals as `?`: values a statement inlines (sql.raw) do not reach the log either. */
const maskLiterals = (text: string) => text.replace(/'(?:[^']|'')*'/g, "'?'").replace(/\b\d+(?:\.\d+)?\b(?!")/g, (n, offset: number, all: string) => (all[offset - 1] === '$' ? n : '?'));
