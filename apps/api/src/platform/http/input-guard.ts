import type { FastifyInstance } from 'fastify';
import { NUL_MESSAGE } from '@erp/contracts';
import { badRequest } from './errors';

/** Names a value's place the way the validation errors do: `lines[2].description`. */
const join = (where: string, key: string | number) => (typeof key === 'number' ? `${where}[${key}]` : where ? `${where}.${key}` : key);

/**
 * The first place in a parsed body, query or path that holds a NUL character, or undefined. PostgreSQL text cannot store
 * U+0000, so such a value would fail in the database as a 500 after part of the work is done. Iterative, so a deeply
 * nested body cannot overflow the stack.
 */
export function findNul(value: unknown, root = ''): string | undefined {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [v, where] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return where || 'value';
    } else if (ArrayBuffer.isView(v)) {
      continue; // raw bytes are no text: their readers judge them
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], join(where, i)]);
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (k.includes('\u0000')) return join(where, k.replaceAll('\u0000', '\\u0000'));
        stack.push([child, join(where, k)]);
      }
    }
  }
  return undefined;
}

/** One guard for every route, before its schema runs: a NUL character anywhere in the input is a 400 naming the field. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [['params', request.params], ['querystring', request.query], ['body', request.body]] as const) {
      const where = findNul(value);
      if (where) throw badRequest(`${where}: ${NUL_MESSAGE}${part === 'body' ? '' : ` (in the ${part})`}`);
    }
  });
}
