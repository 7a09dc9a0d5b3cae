import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client';
import { executePrepared, pgArray, rowsOf } from '../../../platform/db/client';
import { perTick, type Answer } from '../../../platform/db/per-tick';
import { notFound, unprocessable } from '../../../platform/http/errors';
import type { KitRule, KitScope } from '../../../platform/kit/registry';
import { companies } from '../../organisation/index';
import type { LedgerModule } from '@erp/contracts';
import { moduleConfigs, numberCounters, numberSegments, numberSequences } from '../periods/periods.tables';
import { counterBucket, formatNumber, type Segment } from './sequences';

async function sequenceOf(tx: Tx, scope: KitScope, id: string) {
  const [seq] = await tx.select().from(numberSequences).where(and(eq(numberSequences.id, id), eq(numberSequences.companyId, scope.companyId)));
  if (!seq) throw notFound('Number Sequence');
  const segments = (await tx.select().from(numberSegments).where(eq(numberSegments.numberSequence, id)).orderBy(asc(numberSegments.position))) as Segment[];
  if (!segments.some((s) => s.type === 'Counter')) throw unprocessable(`Number sequence ${seq.code} has no Counter segment`);
  const [company] = await tx.select({ code: companies.code }).from(companies).where(eq(companies.companyId, scope.companyId));
  return { seq, segments, companyCode: company?.code ?? '' };
}

/**
 * The next number of a sequence, taken inside the caller's transaction: the counter row is
 * upserted and stays locked until the caller commits, so concurrent callers queue, none gets the
 * same number, and a rollback returns the number (gapless per sequence and bucket). One statement
 * reads the sequence, its segments and the company code and takes the counter only when the
 * sequence is active and has a Counter segment; otherwise the slow path below says why.
 */
export async function nextNumber(tx: Tx, scope: KitScope, sequenceId: string, date: string, periodNo?: number): Promise<string> {
  const [row] = rowsOf<{ last_value: string | number | null; segments: Segment[]; company_code: string | null }>(
    await tx.execute(sql`
      with s as (
        select q.id, q.reset_every, q.active,
          (select coalesce(json_agg(json_build_object('position', g.position, 'type', g.type, 'value', g.value, 'width', g.width) order by g.position), '[]'::json)
             from ${numberSegments} g where g.number_sequence = q.id) as segments
        from ${numberSequences} q where q.id = ${sequenceId}::uuid and q.company_id = ${scope.companyId}::uuid
      ), taken as (
        insert into ${numberCounters} (tenant_id, company_id, number_sequence, bucket, last_value)
        select ${scope.tenantId}::uuid, ${scope.companyId}::uuid, s.id,
          case s.reset_every when 'Year' then ${counterBucket('Year', date)}::text when 'Period' then ${counterBucket('Period', date)}::text else ${counterBucket('Never', date)}::text end, 1
        from s where s.active and exists (select 1 from json_array_elements(s.segments) e where e->>'type' = 'Counter')
        on conflict (tenant_id, number_sequence, bucket) do update set last_value = ${numberCounters}.last_value + 1
        returning last_value
      )
      select (select last_value from taken) as last_value, s.segments,
        (select c.code from ${companies} c where c.company_id = ${scope.companyId}::uuid) as company_code
      from s`),
  );
  if (row?.last_value === null || row?.last_value === undefined) {
    const { seq } = await sequenceOf(tx, scope, sequenceId);
    throw unprocessable(`Number sequence ${seq.code} is not active`);
  }
  return formatNumber(row.segments, Number(row.last_value), { date, companyCode: row.company_code ?? '', periodNo });
}

type NumberWanted = { scope: KitScope; sequenceId: string; date: string };
const numbersPerTick = perTick(takeNumbers);

/**
 * nextNumber for the calls of one transaction that ask the same sequence in the same tick (a group
 * commit's postings): one statement advances each counter bucket by its calls' count and each call
 * gets its number in the order asked, gapless as nextNumber. A sequence that cannot give numbers
 * (inactive, no Counter segment, unknown) sends each call to nextNumber, which says why.
 */
export function nextNumberInTick(tx: Tx, scope: KitScope, sequenceId: string, date: string): Promise<string> {
  return numbersPerTick(tx, `${scope.companyId}\n${sequenceId}`, { scope, sequenceId, date });
}

async function takeNumbers(tx: Tx, wanted: NumberWanted[]): Promise<Answer<string>[]> {
  const { scope, sequenceId } = wanted[0]!;
  const dates = wanted.map((w) => w.date);
  const taking = numbersTaken(scope, sql`${sequenceId}::uuid`, dates);
  const [row] = rowsOf<{ numbers: TakenNumbers | null }>(await executePrepared(tx, sql`with ${taking.with} select ${taking.select} as numbers`));
  const numbers = numbersOf(row?.numbers ?? null, dates);
  return Promise.all(wanted.map((w, i) => {
    const number = numbers[i];
    if (number !== undefined) return { value: number };
    return nextNumber(tx, w.scope, w.sequenceId, w.date).then((value) => ({ value }), (error: unknown) => ({ error }));
  }));
}

/** What `numbersTaken` reads back: the sequence's reset and segments, the company code and each bucket's last value. */
export type TakenNumbers = { reset: 'Never' | 'Year' | 'Period'; segments: Segment[]; company: string | null; taken: { bucket: string; last: string | number }[] | null };

/**
 * The statement parts that take one number per date from a sequence (`sequenceId`: an SQL uuid
 * expression), for a statement that reads other facts too: `with` (CTEs named num_*) and `select`
 * (one json column, TakenNumbers or null). Each counter bucket advances by its dates' count and
 * stays locked until commit; numbersOf renders them in the order of the dates, gapless as nextNumber.
 */
export function numbersTaken(scope: KitScope, sequenceId: SQL, dates: string[]): { with: SQL; select: SQL } {
  return {
    with: sql`num_s as (
        select q.id, q.reset_every, q.active,
          (select coalesce(json_agg(json_build_object('position', g.position, 'type', g.type, 'value', g.value, 'width', g.width) order by g.position), '[]'::json)
             from ${numberSegments} g where g.number_sequence = q.id) as segments
        from ${numberSequences} q where q.id = ${sequenceId} and q.company_id = ${scope.companyId}::uuid
      ), num_b as (
        select case s.reset_every when 'Year' then substr(w.d, 1, 4) when 'Period' then substr(w.d, 1, 7) else 'all' end as bucket, count(*)::int as n
        from num_s s cross join unnest(${pgArray(dates)}::text[]) as w(d) group by 1
      ), num_taken as (
        insert into ${numberCounters} (tenant_id, company_id, number_sequence, bucket, last_value)
        select ${scope.tenantId}::uuid, ${scope.companyId}::uuid, s.id, b.bucket, b.n
        from num_s s cross join num_b b where s.active and exists (select 1 from json_array_elements(s.segments) e where e->>'type' = 'Counter')
        on conflict (tenant_id, number_sequence, bucket) do update set last_value = ${numberCounters}.last_value + excluded.last_value
        returning bucket, last_value
      )`,
    select: sql`(select json_build_object('reset', s.reset_every, 'segments', s.segments, 'company', (select c.code from ${companies} c where c.company_id = ${scope.companyId}::uuid),
        'taken', (select json_agg(json_build_object('bucket', t.bucket, 'last', t.last_value)) from num_taken t)) from num_s s)`,
  };
}

/** The numbers of `numbersTaken`, in the order of its dates; undefined for each when the sequence gave none (nextNumber says why). */
export function numbersOf(row: TakenNumbers | null, dates: string[]): (string | undefined)[] {
  if (!row?.taken) return dates.map(() => undefined);
  const bucketOf = (date: string) => counterBucket(row.reset, date);
  const size = new Map<string, number>();
  for (const d of dates) size.set(bucketOf(d), (size.get(bucketOf(d)) ?? 0) + 1);
  const last = new Map(row.taken.map((t) => [t.bucket, Number(t.last)]));
  const rank = new Map<string, number>();
  return dates.map((date) => {
    const bucket = bucketOf(date);
    const k = (rank.get(bucket) ?? 0) + 1;
    rank.set(bucket, k);
    return formatNumber(row.segments, last.get(bucket)! - size.get(bucket)! + k, { date, companyCode: row.company ?? '' });
  });
}

/** The number the next caller would get, without taking it. */
export async function previewNumber(tx: Tx, scope: KitScope, sequenceId: string, date: string): Promise<string> {
  const { seq, segments, companyCode } = await sequenceOf(tx, scope, sequenceId);
  const bucket = counterBucket(seq.resetEvery as 'Never' | 'Year' | 'Period', date);
  const [row] = await tx
    .select({ last: numberCounters.lastValue })
    .from(numberCounters)
    .where(and(eq(numberCounters.numberSequence, sequenceId), eq(numberCounters.bucket, bucket)));
  return formatNumber(segments, (row?.last ?? 0) + 1, { date, companyCode });
}

/** Only one Counter segment per sequence; Prefix and Text segments carry their text. */
export const segmentFits: KitRule = async (tx, _scope, input, id) => {
  if ((input.type === 'Prefix' || input.type === 'Text') && !input.value) throw unprocessable(`A ${String(input.type)} segment needs its text`);
  if (input.type !== 'Counter') return;
  const others = await tx
    .select({ id: numberSegments.id })
    .from(numberSegments)
    .where(and(eq(numberSegments.numberSequence, String(input.numberSequence)), eq(numberSegments.type, 'Counter')));
  if (others.some((o) => o.id !== id)) throw unprocessable('A number sequence has one Counter segment');
};

/**
 * A number sequence a new company starts with: `PREFIX2026-000001` renewed each year (`perYear`), or
 * `PREFIX00001` that never resets. With `setting`, /module-config names it for its module (as
 * `VendorInvoiceSequence` of Account Payable), where `moduleSequence` finds it. Answers its id.
 */
export async function seedNumberSequence(
  tx: Tx,
  scope: { tenantId: string; companyId: string },
  seed: { code: string; name: string; prefix: string; perYear: boolean; setting?: { module: LedgerModule; name: string } },
): Promise<string> {
  const [sequence] = await tx
    .insert(numberSequences)
    .values({ ...scope, code: seed.code, name: seed.name, resetEvery: seed.perYear ? 'Year' : 'Never' })
    .returning({ id: numberSequences.id });
  const id = sequence!.id;
  const segment = (position: number, rest: { type: Segment['type']; value?: string; width?: number }) => ({ ...scope, numberSequence: id, position, ...rest });
  await tx.insert(numberSegments).values(
    seed.perYear
      ? [segment(1, { type: 'Prefix', value: seed.prefix }), segment(2, { type: 'Year', width: 4 }), segment(3, { type: 'Text', value: '-' }), segment(4, { type: 'Counter', width: 6 })]
      : [segment(1, { type: 'Prefix', value: seed.prefix }), segment(2, { type: 'Counter', width: 5 })],
  );
  if (seed.setting) await tx.insert(moduleConfigs).values({ ...scope, module: seed.setting.module, setting: seed.setting.name, numberSequence: id });
  return id;
}
