import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/client';
import { idempotencyKeys } from './idempotency.tables';
import { badRequest, conflict } from './errors';

/**
 * Posting endpoints take an Idempotency-Key (DESIGN.md principle 5): the first request with a key
 * does the work and stores its answer in the same transaction; a replay with the same body gets
 * that answer again and changes nothing; the same key with another body is refused (409). Two
 * concurrent requests with one key serialise on the key's row.
 */
export async function idempotent<T>(tx: Tx, request: FastifyRequest, tenantId: string, work: () => Promise<T>): Promise<T> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return work();
  const key = Array.isArray(header) ? header[0]! : header;
  if (!/^[\w.:-]{1,200}$/.test(key)) throw badRequest('Idempotency-Key must be 1 to 200 letters, digits, dots, colons, dashes or underscores');
  const route = `${request.method} ${request.url.split('?')[0]}`;
  const hash = createHash('sha256').update(route).update(JSON.stringify(request.body ?? null)).digest('hex');
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ tenantId, key, route, requestHash: hash, statusCode: 0, response: {} })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length === 0) {
    const [seen] = await tx.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.key, key)));
    if (!seen || seen.requestHash !== hash) throw conflict('This Idempotency-Key was used for another request');
    // Unanswered: claimed by a call sharing this transaction (group commit): that group fails and
    // each call runs again alone, where this one waits for the claim's commit and replays it.
    if (seen.statusCode === 0) throw conflict('This Idempotency-Key is in use by a request still running');
    return seen.response as T;
  }
  const result = await work();
  await tx.update(idempotencyKeys).set({ statusCode: 200, response: result as object }).where(and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.key, key)));
  return result;
}
