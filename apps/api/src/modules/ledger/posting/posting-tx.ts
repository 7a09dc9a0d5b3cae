import type { Db, Tx } from '../../../platform/db/client';
import { groupedTx, requestTx } from '../../../platform/db/tenancy';
import { NUMBER_WITH_LINES_MAX, PORT_SETTINGS, portOpenedWithTransaction } from './posting.service';

type RequestLike = Parameters<ReturnType<typeof groupedTx>>[0];

/**
 * The transaction of a posting route, by the size of what it posts: postings of up to
 * NUMBER_WITH_LINES_MAX lines share group commits (one BEGIN, one COMMIT, one hold of the number
 * lock for every call of a group); a larger one commits alone, since grouped it would hold its
 * group's one connection (one server process) for its whole insert, while alone it inserts beside
 * the others on another core. Either begins with the port open (its setting in the round trip of
 * BEGIN): a posting route's transaction posts through the port, and saves the statement that opens it.
 */
export function postingTx(db: Db) {
  const grouped = groupedTx(db, 64, PORT_SETTINGS);
  const alone = requestTx(db, PORT_SETTINGS);
  return <T>(request: RequestLike, lines: number, fn: (tx: Tx) => Promise<T>): Promise<T> => {
    const run = (tx: Tx) => {
      portOpenedWithTransaction(tx);
      return fn(tx);
    };
    return lines > NUMBER_WITH_LINES_MAX ? alone(request, run) : grouped(request, run);
  };
}
