import type { Tx } from './client';

/** One answer of a batch: its value, or the error that refuses this request alone. */
export type Answer<A> = { value: A } | { error: unknown };

/**
 * Requests made in one transaction, under one key, in the same tick (the calls of a group commit
 * ask together) answered by one `answer` call, in the order asked: one statement for all instead
 * of one per request. A request alone is simply a batch of one. A failing `answer` fails them all.
 */
export function perTick<Q, A>(answer: (tx: Tx, asked: Q[]) => Promise<Answer<A>[]>): (tx: Tx, key: string, request: Q) => Promise<A> {
  type Waiting = { request: Q; resolve: (value: A) => void; reject: (error: unknown) => void };
  const pendingOf = new WeakMap<Tx, Map<string, Waiting[]>>();
  return (tx, key, request) =>
    new Promise<A>((resolve, reject) => {
      let pending = pendingOf.get(tx);
      if (!pending) pendingOf.set(tx, (pending = new Map()));
      let batch = pending.get(key);
      if (!batch) {
        const waiting: Waiting[] = [];
        const of = pending;
        of.set(key, (batch = waiting));
        process.nextTick(() => {
          of.delete(key);
          answer(tx, waiting.map((w) => w.request)).then(
            (answers) => waiting.forEach((w, i) => {
              const a = answers[i];
              if (a && 'value' in a) w.resolve(a.value);
              else w.reject(a ? a.error : new Error('a batched request got no answer'));
            }),
            (error: unknown) => waiting.forEach((w) => w.reject(error)),
          );
        });
      }
      batch.push({ request, resolve, reject });
    });
}
