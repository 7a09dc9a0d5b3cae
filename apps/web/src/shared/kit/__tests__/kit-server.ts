// A fetch stub for the kit's tests: every call is recorded with its headers and answered by the first matching route (404 otherwise).
import { vi } from 'vitest';
import { fullPermissions, type EntityRecord, type SignedInUser } from '@erp/contracts';
import { sampleUser } from '../../../test/fixtures';

export type Call = { method: string; path: string; body: unknown; headers: Record<string, string> };
type Answer = { status?: number; body: unknown } | Response;
export type Route = (call: Call) => Answer | undefined;

export function stubServer(...routes: Route[]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const call = { method: init?.method ?? 'GET', path: String(input), body, headers: { ...(init?.headers as Record<string, string>) } };
      calls.push(call);
      const answer = routes.map((route) => route(call)).find((found) => found !== undefined) ?? { status: 404, body: { message: 'Not found', statusCode: 404 } };
      if (answer instanceof Response) return answer;
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

export const route =
  (method: string, path: string | RegExp, answer: Answer | ((call: Call) => Answer)): Route =>
  (call) => {
    const matches = call.method === method && (typeof path === 'string' ? call.path === path : path.test(call.path));
    if (!matches) return undefined;
    return typeof answer === 'function' ? answer(call) : answer;
  };

/** The administrator: every page and every operation label. */
export const adminUser: SignedInUser = sampleUser({ parentRole: { id: sampleUser().parentRole.id, name: 'Administrator', permissions: fullPermissions() } });

/** A role that holds the given operation labels on one page. */
export function userWith(link: string, operations: string[]): SignedInUser {
  return sampleUser({
    parentRole: { id: sampleUser().parentRole.id, name: 'Clerk', permissions: [{ name: 'General Ledger', routes: [{ name: 'Setup', pages: [{ link, operations }] }] }] },
  });
}

export const ids = {
  group: '10000000-0000-4000-8000-000000000010',
  group2: '10000000-0000-4000-8000-000000000011',
  cash: '20000000-0000-4000-8000-000000001000',
  petty: '20000000-0000-4000-8000-000000001010',
};

export function record(id: string, fields: Record<string, unknown>): EntityRecord {
  return { id, createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z', ...fields };
}

export const paths = (calls: Call[], prefix: string) => calls.filter((call) => call.method === 'GET' && call.path.startsWith(prefix)).map((call) => call.path);
