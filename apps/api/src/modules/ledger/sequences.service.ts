import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/client';
import { notFound, unprocessable } from '../../platform/http/errors';
import type { KitRule, KitScope } from '../../platform/kit/registry';
import { companies } from '../organisation/index';
import { numberCounters, numberSegments, numberSequences } from './periods.tables';
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
 * same number, and a rollback returns the number (gapless per sequence and bucket).
 */
export async function nextNumber(tx: Tx, scope: KitScope, sequenceId: string, date: string, periodNo?: number): Promise<string> {
  const { seq, segments, companyCode } = await sequenceOf(tx, scope, sequenceId);
  if (!seq.active) throw unprocessable(`Number sequence ${seq.code} is not active`);
  const bucket = counterBucket(seq.resetEvery as 'Never' | 'Year' | 'Period', date);
  const [row] = rowsOf<{ last_value: string | number }>(
    await tx.execute(sql`
      insert into ${numberCounters} (tenant_id, company_id, number_sequence, bucket, last_value)
      values (${scope.tenantId}, ${scope.companyId}, ${sequenceId}, ${bucket}, 1)
      on conflict (tenant_id, number_sequence, bucket) do update set last_value = ${numberCounters}.last_value + 1
      returning last_value`),
  );
  return formatNumber(segments, Number(row!.last_value), { date, companyCode, periodNo });
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
