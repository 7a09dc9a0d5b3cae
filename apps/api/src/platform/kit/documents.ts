import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type SQL } from 'drizzle-orm';
import type { ZodObject, ZodRawShape, ZodType } from 'zod';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  canPerform,
  deletedMessageSchema,
  documentCheckQuerySchema,
  documentCheckSchema,
  documentEntrySchema,
  documentExportFormatSchema,
  documentListSchema,
  documentIdParamSchema,
  documentLabel,
  documentLabels,
  documentPages,
  documentPageSchema,
  idempotencyHeaderSchema,
  instanceViewSchema,
  isEditable,
  onDateSchema,
  submitDocumentSchema,
  type ApprovalOperation,
  type ApprovalType,
  type DocumentDef,
  type DocumentEntry,
  type DocumentVerb,
  type InstanceView,
} from '@erp/contracts';
import type { Db, Tx } from '../db/client';
import { requestTx } from '../db/tenancy';
import { recordAudit } from '../audit/audit';
import { operationOf, type Access } from '../http/access';
import { conflict, forbidden, unprocessable } from '../http/errors';
import { actorOf, type Actor } from '../http/actor';
import { idempotent } from '../http/idempotency';
import type { Platform } from '../platform';
import type { ApprovalActor, ApprovalAdapter } from '../approval-adapter';
import type { RouteFacts, RouteKey } from '../module';
import type { KitScope } from './registry';
import { sendTable, type Table } from './tabular-files';

/*
 * The documents kit on the server (issue 19 part 4). A module describes a document type once in
 * contracts (`DocumentDef`) and binds here what only code can say: how a header is read, how a
 * draft is stored, what each action does (posting goes through the ledger's port). The kit gives
 * every route with its access declared, the typed state checks, the approval gates, the audit of
 * each step, the idempotency of posting, and the document's approval adapter.
 */

/** Who acts on a document: the signed-in user with the operation labels of their role. */
export type DocumentActor = Actor;

/** What the kit reads of any document to check a step: its company, kind and typed state. */
export type DocumentHeader<S extends string, K extends string> = {
  id: string;
  companyId: string;
  kind: K;
  status: S;
  number: string | null;
  description: string;
  createdBy: string | null;
  /** The company's base currency and, once posted, the amount in it: the approval thresholds of a document with an approval type. */
  baseCurrency?: string;
  totalBaseMinor?: bigint;
};

/**
 * The approval engine as the kit needs it: the workflow module gives it (app.ts puts it on the
 * platform: the platform imports no module); the adapters the kit makes go into the manifests.
 */
export type DocumentWorkflow = {
  gate: (tx: Tx, scope: KitScope, type: ApprovalType, documentId?: string) => Promise<{ workflowActive: boolean; underApproval: boolean }>;
  activeSql: (scope: KitScope, type: ApprovalType) => SQL;
  submit: (platform: Platform, actor: DocumentActor, input: { approvalType: ApprovalType; documentId: string; comment?: string }) => Promise<InstanceView>;
};

type Schema<T> = ZodType<T, unknown>;

/**
 * What the audit trail keeps of a document too large to copy whole into one row on every save (a
 * payment run's 50,000 lines): `read` takes its stored content compactly (no view built), `entry`
 * says what changed between two such reads (`before` null: created; `after` null: deleted). Made with
 * `documentTrail`, which keeps the content's type between the two.
 */
export type DocumentTrail = {
  read: (tx: Tx, scope: KitScope, id: string) => Promise<unknown>;
  entry: (before: unknown, after: unknown) => { before: unknown; after: unknown };
};
export const documentTrail = <T>(t: { read: (tx: Tx, scope: KitScope, id: string) => Promise<T>; entry: (before: T | null, after: T | null) => { before: unknown; after: unknown } }): DocumentTrail =>
  t as DocumentTrail;

/**
 * The shape every document header table has (the kit's convention, checked by the compiler on each
 * binding): the tenant and company (row-level security and the company policy), the id, the typed
 * state, who made it and when; a number where the document takes one. Lines live in a table of their
 * own keyed by (tenant_id, document id, line_no).
 */
export type DocumentTable = PgTable & {
  tenantId: PgColumn;
  companyId: PgColumn;
  id: PgColumn;
  status: PgColumn;
  createdBy: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
  number?: PgColumn;
};

/** What a module binds to its document definition. */
export type DocumentBinding<S extends string, A extends string, K extends string, Input, View, Item, Filter extends Record<string, unknown>> = {
  def: DocumentDef<S, A, K>;
  /** The header table (the kit's convention: `DocumentTable`); the kit puts a rejected document back to its initial state in it. */
  table: DocumentTable;
  schemas: { input: Schema<Input>; view: Schema<View>; listItem: Schema<Item>; listQuery: ZodObject<ZodRawShape> };
  /** The kind a body names (read on the body as sent, before its schema: the route's label depends on it). */
  kindOfInput: (body: unknown) => K;
  /** The header of a document of the scope's company; `write`: one the company may change (locked). 404 when there is none. */
  header: (tx: Tx, scope: KitScope, id: string, write: boolean) => Promise<DocumentHeader<S, K>>;
  /** A page of the filter with its total, or (a route that may skip counting) whether more rows follow: contracts' documentListSchema. */
  list: (tx: Tx, scope: KitScope, query: Filter & { limit: number; page: number }) => Promise<{ items: Item[]; total?: number; more?: boolean }>;
  exportTable: (tx: Tx, scope: KitScope, filter: Filter) => Promise<Table>;
  /** The file name of an export (a kind's own, when the filter names one). */
  exportName: (filter: Filter) => string;
  view: (tx: Tx, scope: KitScope, id: string) => Promise<View>;
  /** Stores a new draft (its lines checked) and answers its id. */
  create: (tx: Tx, actor: DocumentActor, input: Input) => Promise<string>;
  /** Replaces a draft's content; the document returns to the initial state. */
  edit: (tx: Tx, actor: DocumentActor, header: DocumentHeader<S, K>, input: Input) => Promise<void>;
  remove: (tx: Tx, actor: DocumentActor, header: DocumentHeader<S, K>) => Promise<void>;
  /** Each action of the definition; it returns the id of the document to answer with (a reversal answers the new journal). */
  actions: { [P in A]: (tx: Tx, actor: DocumentActor, header: DocumentHeader<S, K>, body: { date?: string }) => Promise<string> };
  /** Actions that write their own audit (the ledger's posting port does for a posting); the kit records the others. */
  auditedByAction: readonly A[];
  /** The trail of a create, edit or delete (default: the input as sent, and the whole view before an edit or a delete). */
  trail?: DocumentTrail;
  /** The base amount the approval thresholds compare for a document not posted yet (the entry staged and rolled back). */
  approvalAmount?: (tx: Tx, scope: KitScope, id: string) => Promise<bigint>;
  /**
   * The ledger entry of a document (`GET /{resource}/:id/entry`): the one it posted, or the one it
   * will post (built by the posting's own code, nothing written). What an approver reads of a
   * document whose task links to /journal (SPEC.md section 2).
   */
  entry?: (tx: Tx, scope: KitScope, id: string) => Promise<DocumentEntry>;
  /**
   * Create and post in one call (`POST /{resource}/post`): the interactive and bulk posting path.
   * `tx` is the route's transaction by size (the ledger groups small postings); `gate` is the
   * approval refusal to check inside the posting's first read.
   */
  direct?: {
    tx: (db: Db) => <T>(request: FastifyRequest, lines: number, fn: (tx: Tx) => Promise<T>) => Promise<T>;
    lines: (input: Input) => number;
    run: (tx: Tx, actor: DocumentActor, input: Input, gate: { refuseWhen: SQL; refusal: string } | undefined) => Promise<View>;
  };
};

/**
 * A document as its module's manifest lists it: each binding is typed where it is written, and
 * the manifest holds what app.ts and the route tests need of it, its own types closed over.
 */
export type ModuleDocument = {
  name: string;
  /** The kit's routes of the document, as the route tests take them. */
  routes: Record<RouteKey, RouteFacts>;
  register: (app: FastifyInstance, platform: Platform) => void;
  /** Its approval type and the adapter the engine runs (none without an approval type). */
  approval?: { type: ApprovalType; adapter: ApprovalAdapter };
};

const documentActorOf = actorOf;

/**
 * A verb's label on a stored document depends on its kind, known once the header is read: the
 * route declares every label of the verb (a role holding none is refused before anything is
 * read) and the kit then requires the kind's own, here and nowhere else.
 */
function requireKindLabel<K extends string>(def: Pick<DocumentDef<string, string, K>, 'kinds'>, actor: DocumentActor, verb: DocumentVerb, kind: K): void {
  const label = documentLabel(def, verb, kind);
  if (!actor.operations.has(label)) throw forbidden(`You are not permitted to do this (${label})`);
}

const lower = (s: string) => s.toLowerCase();

/** What creating a document needs of its binding. */
type Creating<K extends string, Input, View> = Pick<DocumentBinding<string, string, K, Input, View, unknown, Record<string, unknown>>, 'kindOfInput' | 'create' | 'view' | 'direct' | 'trail'> & {
  def: Pick<DocumentDef<string, string, K>, 'name' | 'kinds'>;
};

/**
 * A new draft, from the create route or from another flow that makes documents (a journal from a
 * template, a trial balance import): the kind's Save label, the draft, its audit.
 */
export async function createDocument<K extends string, Input, View>(b: Creating<K, Input, View>, t: Tx, actor: DocumentActor, input: Input): Promise<View> {
  requireKindLabel(b.def, actor, 'Save', b.kindOfInput(input));
  const id = await b.create(t, actor, input);
  const trail = b.trail ? b.trail.entry(null, await b.trail.read(t, actor, id)) : { after: input };
  await recordAudit(t, actor.tenantId, actor.userId, [{ entity: b.def.name, recordId: id, action: 'create', ...trail }]);
  return b.view(t, actor, id);
}

/** Create and post in one step (the binding's direct path): the kind's Save label, then the posting; a refusal writes nothing. */
export async function postDocument<K extends string, Input, View>(b: Creating<K, Input, View>, t: Tx, actor: DocumentActor, input: Input, gate?: { refuseWhen: SQL; refusal: string }): Promise<View> {
  if (!b.direct) throw new Error(`${b.def.name} has no direct posting`);
  requireKindLabel(b.def, actor, 'Save', b.kindOfInput(input));
  return b.direct.run(t, actor, input, gate);
}

type AnyDef<S extends string, A extends string, K extends string> = DocumentDef<S, A, K>;

/** The checks and steps both the routes and the approval adapter take a document through. */
function steps<S extends string, A extends string, K extends string, Input, View, Item, Filter extends Record<string, unknown>>(b: DocumentBinding<S, A, K, Input, View, Item, Filter>) {
  const def: AnyDef<S, A, K> = b.def;
  const noun = lower(def.label);
  const approvedKind = (kind: K) => def.approval !== null && def.kinds[kind].approved;
  const nameOf = (h: DocumentHeader<S, K>) => (h.number ? `${def.label} ${h.number}` : `The ${noun}`);

  /** The one check of a step's state: the transition of the definition, typed. */
  function requireFrom(h: DocumentHeader<S, K>, action: A): void {
    if (canPerform(def, h.status, action)) return;
    const a = def.actions[action];
    // Posting or reversing twice is a conflict (a retry that lost its answer), not a rule broken.
    if (def.posted.includes(a.to) && def.posted.includes(h.status)) throw conflict(`${nameOf(h)} is already ${lower(h.status)}`);
    throw unprocessable(`Only a ${a.from.map(lower).join(' or ')} ${noun} can be ${lower(pastTense(a.label))}; this one is ${lower(h.status)}`);
  }

  /** One action: its state check, the binding's work, and its audit (unless the action writes its own). */
  async function perform(t: Tx, actor: DocumentActor, h: DocumentHeader<S, K>, action: A, body: { date?: string }): Promise<string> {
    requireFrom(h, action);
    const id = await b.actions[action](t, actor, h, body);
    if (!b.auditedByAction.includes(action)) {
      await recordAudit(t, actor.tenantId, actor.userId, [{ entity: def.name, recordId: h.id, action: 'edit', before: { status: h.status }, after: { status: def.actions[action].to } }]);
    }
    return id;
  }
  return { def, noun, approvedKind, nameOf, perform };
}

/**
 * The adapter of the document's approval type (none without one), for its module's manifest: the
 * engine loads the document with its amount, checks a submission, performs each operation as the
 * action the definition maps it to, and puts a rejected document back to its initial state.
 */
export function documentApprovalAdapter<S extends string, A extends string, K extends string, Input, View, Item, Filter extends Record<string, unknown>>(
  b: DocumentBinding<S, A, K, Input, View, Item, Filter>,
): ApprovalAdapter | undefined {
  const { def, noun, approvedKind, nameOf, perform } = steps(b);
  const approval = def.approval;
  if (!approval) return undefined;
  const operations = Object.entries(approval.operations) as [ApprovalOperation, A][];
  /** An approver completing a step acts with the workflow's authority: the kit grants the kind's label. */
  const asActor = (actor: ApprovalActor, h: DocumentHeader<S, K>, v: DocumentVerb): DocumentActor =>
    actor.viaWorkflow ? { ...actor, operations: new Set([...actor.operations, documentLabel(def, v, h.kind)]) } : actor;
  return {
    load: async (t, scope, id) => {
      const h = await b.header(t, scope, id, false);
      const amountMinor = def.posted.includes(h.status) || !b.approvalAmount ? (h.totalBaseMinor ?? 0n) : await b.approvalAmount(t, scope, id);
      return { number: h.number, description: h.description, amountMinor, currency: h.baseCurrency ?? '', companyId: h.companyId, ownerUserId: h.createdBy, status: h.status };
    },
    assertCanSubmit: async (t, actor, id, doc) => {
      const h = await b.header(t, actor, id, false);
      requireKindLabel(def, actor, 'Edit', h.kind);
      if (!approvedKind(h.kind)) throw unprocessable(`A ${lower(def.kinds[h.kind].label)} is not approved through the ${noun} workflow`);
      if (!isEditable(def, h.status)) throw unprocessable(`${nameOf(h)} is already ${lower(doc.status)}: there is nothing to approve`);
    },
    perform: async (t, actor, id, operation) => {
      const action = approval.operations[operation];
      if (!action) throw unprocessable(`${operation} is not an operation of a ${noun} approval`);
      const h = await b.header(t, actor, id, true);
      const as = asActor(actor, h, def.actions[action].verb);
      requireKindLabel(def, as, def.actions[action].verb, h.kind);
      // An operation the document went through before its submission is not done twice.
      if (h.status === def.actions[action].to) return;
      await perform(t, as, h, action, {});
    },
    operationsDone: (doc) => operations.filter(([, action]) => def.actions[action].to === doc.status && !def.posted.includes(doc.status as S)).map(([op]) => op),
    rejected: async (t, actor, id) => {
      const h = await b.header(t, actor, id, true);
      if (h.status === def.initial || !isEditable(def, h.status)) return;
      await t.execute(sql`update ${b.table} set ${sql.identifier(b.table.status.name)} = ${def.initial}, ${sql.identifier(b.table.updatedAt.name)} = now() where ${b.table.id} = ${id}`);
      await recordAudit(t, actor.tenantId, actor.userId, [{ entity: def.name, recordId: id, action: 'edit', before: { status: h.status }, after: { status: def.initial, reason: 'approval rejected' } }]);
    },
    completion: operations.map(([op]) => op),
  };
}

/**
 * The routes the kit gives a document, as its module's manifest declares them to the route tests:
 * every one reads or writes rows of the caller's company; an `:id` names the document (`sample`:
 * the kind of record the company-isolation test makes in another company).
 */
export function documentRoutes(b: { def: Pick<DocumentDef, 'service' | 'resource' | 'actions' | 'approval' | 'name'>; direct?: unknown; entry?: unknown }): Record<RouteKey, RouteFacts> {
  const base: `/${string}` = `/${b.def.service}/${b.def.resource}`;
  const company: RouteFacts = { rows: 'company' };
  const one: RouteFacts = { rows: 'company', sample: b.def.name };
  const routes: Record<RouteKey, RouteFacts> = {
    [`GET ${base}`]: company, [`GET ${base}/export`]: company, [`POST ${base}`]: company,
    [`GET ${base}/:id`]: one, [`PUT ${base}/:id`]: one, [`DELETE ${base}/:id`]: one,
  };
  if (b.direct) {
    routes[`POST ${base}/post`] = company;
    routes[`POST ${base}/check`] = company;
  }
  if (b.entry) routes[`GET ${base}/:id/entry`] = one;
  for (const action of Object.keys(b.def.actions)) routes[`POST ${base}/:id/${action}`] = one;
  if (b.def.approval) routes[`POST ${base}/:id/submit`] = one;
  return routes;
}

/** A binding as its module's manifest lists it (`documents`). */
export function moduleDocument<S extends string, A extends string, K extends string, Input, View, Item, Filter extends Record<string, unknown>>(
  b: DocumentBinding<S, A, K, Input, View, Item, Filter>,
): ModuleDocument {
  const adapter = documentApprovalAdapter(b);
  return {
    name: b.def.name,
    routes: documentRoutes(b),
    register: (app, platform) => registerDocumentRoutes(app, platform, b),
    ...(adapter && b.def.approval ? { approval: { type: b.def.approval.type, adapter } } : {}),
  };
}

/** The routes, checks and approval gates of one document type (its adapter goes to the engine through the manifest). */
export function registerDocumentRoutes<S extends string, A extends string, K extends string, Input, View, Item, Filter extends Record<string, unknown>>(
  app: FastifyInstance,
  platform: Platform,
  b: DocumentBinding<S, A, K, Input, View, Item, Filter>,
): void {
  const workflow = platform.approvalEngine;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { def } = b;
  const tx = requestTx(platform.database.db);
  const base = `/${def.service}/${def.resource}`;
  const tags = [def.plural];
  const approval = def.approval;
  const { noun, approvedKind, perform } = steps(b);
  const read: Access = { kind: 'user', page: documentPages(def) };
  // Typed loosely for Fastify (the binding's functions are typed; a generic schema defeats the reply's type).
  const view = b.schemas.view as ZodType;
  const input = b.schemas.input as ZodType;
  const verb = (v: DocumentVerb): Access => ({ kind: 'user', operation: documentLabels(def, v) });
  const kindLabel = (v: DocumentVerb, pick: (request: FastifyRequest) => K): Access => ({ kind: 'user', operation: operationOf(documentLabels(def, v), (request) => documentLabel(def, v, pick(request))) });
  const queryKind = (request: FastifyRequest) => {
    const kind = (request.query as { kind?: unknown } | undefined)?.kind;
    return typeof kind === 'string' && kind in def.kinds ? (kind as K) : def.defaultKind;
  };

  /** A new document of an approved kind is posted directly only while no workflow governs the kind. */
  const directGate = (actor: DocumentActor, kind: K) =>
    approval && approvedKind(kind) ? { refuseWhen: workflow.activeSql(actor, approval.type), refusal: `This ${noun} needs approval: submit it` } : undefined;

  /** An approved kind's document is changed only while no approval of it runs. */
  async function refuseChangeUnderApproval(t: Tx, actor: DocumentActor, h: DocumentHeader<S, K>): Promise<void> {
    if (!approval || !approvedKind(h.kind)) return;
    const gate = await workflow.gate(t, actor, approval.type, h.id);
    if (gate.underApproval) throw unprocessable(`This ${noun} is under approval: it cannot be changed or deleted until the approval ends (cancel it to change the ${noun})`);
  }

  /** An action an approval operation performs is refused directly while a workflow governs the kind or the document is under approval. */
  async function refuseDirectAction(t: Tx, actor: DocumentActor, h: DocumentHeader<S, K>, action: A): Promise<void> {
    if (!approval || !approvedKind(h.kind) || !Object.values(approval.operations).includes(action)) return;
    const gate = await workflow.gate(t, actor, approval.type, h.id);
    if (gate.underApproval) throw unprocessable(`This ${noun} is under approval: it is ${approvalVerbs()} when its approval completes`);
    if (gate.workflowActive) throw unprocessable(`This ${noun} needs approval: submit it`);
  }
  const approvalVerbs = () => Object.values(approval?.operations ?? {}).map((a) => lower(pastTense(def.actions[a as A].label))).join(' and ');

  r.get(base, {
    config: { access: read },
    schema: { tags, summary: `${def.plural} of the company: filter, search, sort and pages`, querystring: b.schemas.listQuery.extend(documentPageSchema.shape), response: { 200: documentListSchema(b.schemas.listItem) } },
  }, async (request) => tx(request, (t) => b.list(t, documentActorOf(request), request.query as Filter & { limit: number; page: number })));

  r.get(`${base}/export`, {
    config: { access: kindLabel('Export', queryKind) },
    schema: { tags, summary: `The ${lower(def.plural)} of the list's filter as CSV or XLSX, one row per line`, querystring: b.schemas.listQuery.extend(documentExportFormatSchema.shape) },
  }, async (request, reply) => {
    const { format, ...filter } = request.query as { format: 'csv' | 'xlsx' } & Filter;
    const table = await tx(request, (t) => b.exportTable(t, documentActorOf(request), filter as unknown as Filter));
    return sendTable(reply, b.exportName(filter as unknown as Filter), def.plural, format, table);
  });

  r.post(base, {
    config: { access: kindLabel('Save', (request) => b.kindOfInput(request.body)) },
    schema: { tags, summary: `Create a draft ${noun}`, body: input, response: { 200: view } },
  }, async (request) => tx(request, (t) => createDocument(b, t, documentActorOf(request), request.body as Input)));

  if (b.direct) {
    const direct = b.direct;
    const directTx = direct.tx(platform.database.db);
    r.post(`${base}/post`, {
      config: { access: kindLabel('Save', (request) => b.kindOfInput(request.body)) },
      schema: { tags, summary: `Create and post a ${noun} in one call: a refusal writes nothing; takes an Idempotency-Key`, headers: idempotencyHeaderSchema, body: input, response: { 200: view } },
      // The answer is the typed view the binding builds: sent as it is, without zod checking every
      // line of it again (for a 1,000-line journal that check cost ~10% of bulk posting throughput).
      serializerCompiler: () => (data) => JSON.stringify(data),
    }, async (request) => {
      const input = request.body as Input;
      const actor = documentActorOf(request);
      // The approval gate is read with the posting's facts, before anything is written.
      const gate = directGate(actor, b.kindOfInput(input));
      return directTx(request, direct.lines(input), (t) => idempotent(t, request, request.tenantId, () => postDocument(b, t, actor, input, gate)));
    });
  }

  if (b.direct) {
    r.post(`${base}/check`, {
      config: { access: kindLabel('Save', (request) => b.kindOfInput(request.body)) },
      schema: {
        tags, summary: `Every rule of posting a ${noun} (period, accounts, balance, approval), and nothing written: what Post (for=post) or the approval of a submission (for=submit) would refuse, said before anything is saved`,
        querystring: documentCheckQuerySchema, body: input, response: { 200: documentCheckSchema },
      },
    }, async (request) => tx(request, async (t) => {
      const actor = documentActorOf(request);
      const body = request.body as Input;
      const query = request.query as { for: 'post' | 'submit'; id?: string };
      const kind = b.kindOfInput(body);
      // Checked for a submission, the posting runs as its approval will: no approval gate, the workflow's authority.
      const as: DocumentActor = query.for === 'submit' ? { ...actor, viaWorkflow: true } as DocumentActor : actor;
      class Checked extends Error {}
      try {
        // The posting runs in a savepoint that is rolled back: no draft, no number, no balance stays.
        await t.transaction(async (sp) => {
          if (query.id) {
            // The saved draft the body replaces is set aside first (its vendor number is the body's own).
            const h = await b.header(sp, actor, query.id, true);
            if (!isEditable(def, h.status)) throw unprocessable(`A ${lower(h.status)} ${noun} cannot be edited`);
            if (h.kind !== kind) throw unprocessable(`The kind of a ${noun} cannot change`);
            await b.remove(sp, actor, h);
          }
          await postDocument(b, sp, as, body, query.for === 'submit' ? undefined : directGate(actor, kind));
          throw new Checked();
        });
      } catch (e) {
        if (!(e instanceof Checked)) throw e;
      }
      return { ok: true as const };
    }));
  }

  r.get(`${base}/:id`, {
    config: { access: read },
    schema: { tags, summary: `One ${noun} with its lines`, params: documentIdParamSchema, response: { 200: view } },
  }, async (request) => tx(request, (t) => b.view(t, documentActorOf(request), request.params.id)));

  if (b.entry) {
    const entry = b.entry;
    r.get(`${base}/:id/entry`, {
      config: { access: read },
      schema: { tags, summary: `The ledger entry of one ${noun}: the one it posted, or the one posting it will write (nothing written)`, params: documentIdParamSchema, response: { 200: documentEntrySchema } },
    }, async (request) => tx(request, (t) => entry(t, documentActorOf(request), request.params.id)));
  }

  r.put(`${base}/:id`, {
    config: { access: verb('Edit') },
    schema: { tags, summary: `Edit a ${def.editable.map(lower).join(' or ')} ${noun} (it returns to ${lower(def.initial)})`, params: documentIdParamSchema, body: input, response: { 200: view } },
  }, async (request) => tx(request, async (t) => {
    const actor = documentActorOf(request);
    const input = request.body as Input;
    const before = await b.header(t, actor, request.params.id, true);
    requireKindLabel(def, actor, 'Edit', before.kind);
    if (!isEditable(def, before.status)) throw unprocessable(`A ${lower(before.status)} ${noun} cannot be edited`);
    if (b.kindOfInput(input) !== before.kind) throw unprocessable(`The kind of a ${noun} cannot change`);
    await refuseChangeUnderApproval(t, actor, before);
    // The trail keeps the whole document as it was (header and lines) beside the input that replaced it; a binding's own trail, what changed.
    const was = b.trail ? await b.trail.read(t, actor, before.id) : await b.view(t, actor, before.id);
    await b.edit(t, actor, before, input);
    const trail = b.trail ? b.trail.entry(was, await b.trail.read(t, actor, before.id)) : { before: was, after: input };
    await recordAudit(t, actor.tenantId, actor.userId, [{ entity: def.name, recordId: before.id, action: 'edit', ...trail }]);
    return b.view(t, actor, before.id);
  }));

  r.delete(`${base}/:id`, {
    config: { access: verb('Delete') },
    schema: { tags, summary: `Delete a ${def.editable.map(lower).join(' or ')} ${noun}`, params: documentIdParamSchema, response: { 200: deletedMessageSchema } },
  }, async (request) => {
    await tx(request, async (t) => {
      const actor = documentActorOf(request);
      const before = await b.header(t, actor, request.params.id, true);
      requireKindLabel(def, actor, 'Delete', before.kind);
      if (!isEditable(def, before.status)) throw unprocessable(`A ${lower(before.status)} ${noun} cannot be deleted${def.actions[('reverse' as A)] ? ': reverse it' : ''}`);
      await refuseChangeUnderApproval(t, actor, before);
      const was = b.trail ? b.trail.entry(await b.trail.read(t, actor, before.id), null).before : await b.view(t, actor, before.id);
      await b.remove(t, actor, before);
      await recordAudit(t, actor.tenantId, actor.userId, [{ entity: def.name, recordId: before.id, action: 'delete', before: was }]);
    });
    return { message: `${def.label} deleted` };
  });

  for (const action of Object.keys(def.actions) as A[]) {
    const a = def.actions[action];
    r.post(`${base}/:id/${action}`, {
      config: { access: verb(a.verb) },
      schema: {
        tags, summary: `${a.label}: a ${a.from.map(lower).join(' or ')} ${noun} becomes ${lower(a.to)}${a.idempotent ? '; takes an Idempotency-Key' : ''}`,
        params: documentIdParamSchema, ...(a.idempotent ? { headers: idempotencyHeaderSchema } : {}), ...(a.onDate ? { body: onDateSchema } : {}), response: { 200: view },
      },
    }, async (request) => tx(request, async (t) => {
      const actor = documentActorOf(request);
      const run = async () => {
        const h = await b.header(t, actor, request.params.id, true);
        requireKindLabel(def, actor, a.verb, h.kind);
        await refuseDirectAction(t, actor, h, action);
        return b.view(t, actor, await perform(t, actor, h, action, (request.body ?? {}) as { date?: string }));
      };
      return a.idempotent ? idempotent(t, request, request.tenantId, run) : run();
    }));
  }

  if (!approval) return;

  r.post(`${base}/:id/submit`, {
    config: { access: verb('Edit') },
    schema: { tags, summary: `Submit a ${def.editable.map(lower).join(' or ')} ${noun} for approval: its ${approval.type} workflow, or its operations at once when none applies`, params: documentIdParamSchema, body: submitDocumentSchema.nullish(), response: { 200: instanceViewSchema } },
  }, async (request) => workflow.submit(platform, documentActorOf(request), { approvalType: approval.type, documentId: request.params.id, comment: request.body?.comment ?? undefined }));

}

/** "Validate" → "Validated", "Post" → "Posted", "Reverse" → "Reversed". */
function pastTense(verb: string): string {
  if (verb.endsWith('e')) return `${verb}d`;
  return `${verb}ed`;
}
