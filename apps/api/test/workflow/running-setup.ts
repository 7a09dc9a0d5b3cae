import { expect } from 'vitest';
import { transformPassword, type ErrorObject, type InstanceView, type JournalView, type Role, type UserView, type WorkflowView } from '@erp/contracts';
import { adminOf, call, signIn, type Session, type TestApp, type TestTenant } from '../helpers/test-app';
import { openBooks, type Books } from '../ledger/helpers';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export const PEOPLE = ['Alice', 'Bob', 'Carol', 'Dan', 'Erin', 'Viewer'] as const;
export type Person = (typeof PEOPLE)[number] | 'Admin';

/** A tenant whose company can post, with accountants Alice (who writes journals), Bob, Carol, Dan, Erin and a Viewer, each signed in. */
export type World = {
  t: TestApp;
  tenant: TestTenant;
  books: Books;
  id: Record<Person, string>;
  session: Record<Person, Session>;
  as: (who: Person) => <T>(method: Method, url: string, body?: unknown) => Promise<{ status: number; body: T & ErrorObject }>;
};

export async function approvalWorld(t: TestApp, code: string): Promise<World> {
  const { tenant, admin } = await adminOf(t, code);
  const books = await openBooks(t, tenant, admin);
  const roles = (await call<{ items: Role[] }>(t.app, tenant.host, 'GET', '/auth/role/getroles', undefined, admin)).body.items;
  const roleId = (name: string) => roles.find((r) => r.name === name)!.id;
  const id = { Admin: admin.user.activeUser.code } as Record<Person, string>;
  const session = { Admin: admin } as Record<Person, Session>;
  const p = await transformPassword('Approval horse 1');
  for (const name of PEOPLE) {
    const mail = `${name.toLowerCase()}@${tenant.host}`;
    const created = await call<UserView>(t.app, tenant.host, 'POST', `/auth/user/create/${p}`, { name, mailAddress: mail, password: p, confirmPassword: p, roleID: roleId(name === 'Viewer' ? 'Viewer' : 'Accountant') }, admin);
    expect(created.status).toBe(200);
    id[name] = created.body.code;
    session[name] = await signIn(t.app, tenant.host, mail, 'Approval horse 1');
  }
  const as = (who: Person) => <T>(method: Method, url: string, body?: unknown) => call<T & ErrorObject>(t.app, tenant.host, method, url, body, session[who]);
  return { t, tenant, books, id, session, as };
}

/** Signs everyone in again (after the test clock moved past the tokens' lifetime). */
export async function signInAgain(w: World): Promise<void> {
  for (const name of PEOPLE) w.session[name] = await signIn(w.t.app, w.tenant.host, `${name.toLowerCase()}@${w.tenant.host}`, 'Approval horse 1');
}

export async function ok<T>(w: World, who: Person, method: Method, url: string, body?: unknown): Promise<T> {
  const res = await w.as(who)<T>(method, url, body);
  expect(res.status, `${method} ${url}: ${res.body?.message}`).toBe(200);
  return res.body;
}

/** A draft journal of `who` (cash against revenue) of `amount` USD on `date`. */
export async function draft(w: World, who: Person, amount: string, date = '2026-03-10', kind = 'Standard'): Promise<string> {
  const lines = [
    { account: w.books.accounts.get('1010')!.id, currency: 'USD', debit: amount },
    { account: w.books.accounts.get('4000')!.id, currency: 'USD', credit: amount },
  ];
  return (await ok<JournalView>(w, who, 'POST', '/gl/journals', { kind, journalDate: date, description: `Sale of ${amount}`, lines })).id;
}

export const journalOf = (w: World, id: string) => ok<JournalView>(w, 'Admin', 'GET', `/gl/journals/${id}`);

export const submitJournal = (w: World, who: Person, id: string, comment?: string) => w.as(who)<InstanceView>('POST', `/gl/journals/${id}/submit`, comment ? { comment } : undefined);

export const users = (ids: string[]) => ids.map((id) => ({ kind: 'User', id }));

export async function workflow(w: World, body: object): Promise<WorkflowView> {
  return ok<WorkflowView>(w, 'Admin', 'POST', '/workflow/workflows', body);
}

/** The open task of `who` on an instance. */
export function taskOf(instance: InstanceView, userId: string): string {
  const task = instance.steps.flatMap((s) => s.tasks).find((x) => x.status === 'Open' && (x.assignee.id === userId || x.delegate?.id === userId));
  expect(task, `an open task of ${userId}`).toBeDefined();
  return task!.id;
}
