import type { Db, Tx } from '../../../platform/db/client';
import { groupedTx, requestTx } from '../../../platform/db/tenancy';
import { NUMBER_WITH_LINES_MAX } from './posting.service';

type RequestLike = Parameters<ReturnType<typeof groupedTx>>[0];

/**
 * The transaction of a posting route, by the size of what it posts: postings of up to
 * NUMBER_WITH_LINES_MAX lines share group commits (one BEGIN, one COMMIT, one hold of the number
 * lock for every call of a group); a larger one commits alone, since grouped it would hold its
 * group's one connection (one server process) for its whole insert, while alone it inserts beside
 * the others on another core.
 */
export function postingTx(db: Db) {
  const grouped = groupedTx(db);
  const alone = requestTx(db);
  return <T>(request: RequestLike, lines: number, fn: (tx: Tx) => Promise<T>): Promise<T> => (lines > NUMBER_WITH_LINES_MAX ? alone(request, fn) : grouped(request, fn));
}
