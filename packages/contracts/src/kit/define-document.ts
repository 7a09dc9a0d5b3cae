import { z } from 'zod';
import type { ApprovalOperation, ApprovalType } from '../navigation/approvals';
import type { LedgerModule } from '../ledger/posting-port';
import type { FieldDef, ServicePrefix } from './define-entity';
import { dateSchema } from '../common/scalars';

/**
 * The documents kit (issue 19 part 4): a business document with a header and lines, a state
 * machine, a number, an approval type and a posting (a journal, a vendor invoice, a depreciation
 * run...) is described here once. The API derives its routes (list, export, get, create, edit,
 * delete, submit, each action), the permission of each route, the state checks, the audit of each
 * step, the idempotency of posting and the approval adapter from it; the web derives its list page
 * and editor. What the definition cannot say (how lines become an entry, the module's own rules)
 * the module binds in code: `DocumentBinding` of `apps/api/src/platform/kit/documents.ts`.
 */

/**
 * One kind of a document type that has several (Standard, Opening balance and Adjustment journals):
 * each has its own list and editor pages and its own operation labels (`permission`: Save…, Edit…).
 */
export type DocumentKindDef = {
  label: string;
  /** Entity part of the kind's operation labels: SaveJournal, EditOpeningBalanceJournal... */
  permission: string;
  listPage: string | null;
  editorPage: string | null;
  /** Documents of this kind go through the definition's approval type (others post directly or not at all). */
  approved: boolean;
  /** Users create documents of this kind (others are made by the system: reversals, recurring runs). */
  userCreated: boolean;
};

/** An action moves a document from one of `from` to `to`; which label it takes (`Edit` of the kind, usually). */
export type DocumentActionDef<S extends string> = {
  label: string;
  from: readonly S[];
  to: S;
  /** The verb of the operation label the action takes: Edit<permission> for validate, post and reverse. */
  verb: DocumentVerb;
  /** Repeating the call with the same Idempotency-Key answers the first result (posting, reversal). */
  idempotent?: boolean;
  /** The action takes a date in its body (a reversal's date). */
  onDate?: boolean;
};

export type DocumentVerb = 'Save' | 'Edit' | 'Delete' | 'Export' | 'Import';

export type DocumentDef<S extends string = string, A extends string = string, K extends string = string> = {
  /** Registry and audit name, camelCase singular: `journal`, `vendorInvoice`. */
  name: string;
  label: string;
  plural: string;
  /** The module that owns it, and the document type its postings name in their source. */
  module: LedgerModule;
  documentType: string;
  service: ServicePrefix;
  /** REST resource under the service prefix: `/gl/journals`. */
  resource: string;
  kinds: Readonly<Record<K, DocumentKindDef>>;
  /** The kind a document has when its input names none. */
  defaultKind: NoInfer<K>;
  /** Other pages that open a document of this type (reports, the runs that make them). */
  readPages: readonly string[];
  states: readonly S[];
  initial: NoInfer<S>;
  /** The states in which the content may change (an edit returns the document to `initial`) and it may be deleted. */
  editable: readonly NoInfer<S>[];
  /** The states in which the document is in the ledger (its lines are ledger lines). */
  posted: readonly NoInfer<S>[];
  actions: Readonly<Record<A, DocumentActionDef<S>>>;
  /** The approval type of SPEC.md section 4 and the action each of its operations performs. */
  approval: { type: ApprovalType; operations: Partial<Readonly<Record<ApprovalOperation, NoInfer<A>>>> } | null;
  /** The header fields the editor shows, in form rows (their wire schema is the input schema's). */
  header: Readonly<Record<string, FieldDef>>;
  headerForm: readonly (readonly string[])[];
  /** Most lines a document may have. */
  linesMax: number;
  /** The list: its sort keys (a key, or `-key` for descending) and the default. */
  sortKeys: readonly string[];
  defaultSort: string;
};

export const defineDocument = <const S extends string, const A extends string, const K extends string>(def: DocumentDef<S, A, K>): DocumentDef<S, A, K> => def;

/** The operation label of a verb on a document of a kind: `Edit` on an OpeningBalance journal gives EditOpeningBalanceJournal. */
export function documentLabel<K extends string>(def: Pick<DocumentDef<string, string, K>, 'kinds'>, verb: DocumentVerb, kind: K): string {
  return `${verb}${def.kinds[kind].permission}`;
}

/** Every label a verb can take on this document type (the route declares them; the kind then picks one). */
export function documentLabels(def: Pick<DocumentDef, 'kinds'>, verb: DocumentVerb): string[] {
  return [...new Set(Object.values(def.kinds).map((k) => `${verb}${k.permission}`))];
}

/** The pages a document is read from: its kinds' lists and editors and the other pages that open one. */
export function documentPages(def: Pick<DocumentDef, 'kinds' | 'readPages'>): string[] {
  const pages = Object.values(def.kinds).flatMap((k) => [k.listPage, k.editorPage]).filter((p): p is string => p !== null);
  return [...new Set([...pages, ...def.readPages])];
}

/** Whether an action may start from a state: the one check of every transition, typed. */
export function canPerform<S extends string, A extends string>(def: Pick<DocumentDef<S, A>, 'actions'>, state: NoInfer<S>, action: NoInfer<A>): boolean {
  return def.actions[action].from.includes(state);
}

export const isEditable = <S extends string>(def: Pick<DocumentDef<S>, 'editable'>, state: NoInfer<S>): boolean => def.editable.includes(state);
export const isPosted = <S extends string>(def: Pick<DocumentDef<S>, 'posted'>, state: NoInfer<S>): boolean => def.posted.includes(state);

/** A stored state read back as the definition's union; anything else is a broken row, not a state. */
export function stateOf<S extends string>(def: Pick<DocumentDef<S>, 'states' | 'name'>, value: string): S {
  if (!(def.states as readonly string[]).includes(value)) throw new Error(`${value} is not a state of ${def.name}`);
  return value as S;
}

/** The actions the web offers on a document in a state (the server checks the same). */
export function actionsFrom<S extends string, A extends string>(def: Pick<DocumentDef<S, A>, 'actions'>, state: NoInfer<S>): A[] {
  return (Object.keys(def.actions) as A[]).filter((a) => canPerform(def, state, a));
}

/** The list query of every document: search, sort, state, dates, paging. */
export function documentListQuerySchema<S extends string, K extends string>(def: DocumentDef<S, string, K>) {
  return z.object({
    kind: z.enum(Object.keys(def.kinds) as [K, ...K[]]).optional(),
    status: z.enum(def.states as unknown as [S, ...S[]]).optional(),
    from: dateSchema().optional(),
    to: dateSchema().optional(),
    search: z.string().max(200).optional(),
    sort: z.enum(def.sortKeys as unknown as [string, ...string[]]).optional(),
  });
}

/**
 * A page of a document list: its items and how many match the filter (LIST_TOTAL_MAX + 1: more than
 * LIST_TOTAL_MAX). A route that may answer the page without counting (the invoice lists' `total=false`:
 * the screen asks the count beside it) leaves `total` out and says in `more` whether rows follow the page.
 */
export const documentListSchema = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int().optional(), more: z.boolean().optional() });

export const documentPageSchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(20),
  page: z.coerce.number().int().min(1).default(1),
});
export const documentExportFormatSchema = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });
export const documentIdParamSchema = z.object({ id: z.uuid() });
export const idempotencyHeaderSchema = z.object({ 'idempotency-key': z.string().max(200).optional() });
export const deletedMessageSchema = z.object({ message: z.string() });
/** The answer of a document's check: every rule of posting it passed, nothing was written (a refusal answers the error object). */
export const documentCheckSchema = z.object({ ok: z.literal(true) });
export type DocumentCheck = z.infer<typeof documentCheckSchema>;
/**
 * What a check is for: `post` (the default) checks every rule of posting it directly, the approval
 * gate included; `submit` checks the posting as its approval will run it (no gate: the document is
 * about to be submitted). `id`: the saved draft the body replaces (its own vendor number, its place
 * in the checks), set aside inside the check.
 */
export const documentCheckQuerySchema = z.object({ for: z.enum(['post', 'submit']).default('post'), id: z.uuid().optional() });
export type DocumentCheckQuery = z.input<typeof documentCheckQuerySchema>;

/**
 * The ledger entry of a document (GET /{resource}/:id/entry): the entry it posted, or, before it
 * is posted, the entry it will post (a preview built by the same code as the posting, in the
 * document's currency; the port adds base rounding and exchange lines when it posts). What a task's
 * screen shows of the entry a document's approval posts (SPEC.md section 2 sends several approval
 * types to /journal).
 */
export const documentEntryLineSchema = z.object({
  accountCode: z.string(),
  accountName: z.string(),
  description: z.string().nullable(),
  currency: z.string(),
  debit: z.string(),
  credit: z.string(),
  /** The party a control-account line names ('V00001 · Acme'), null on other lines. */
  party: z.string().nullable(),
  /** The line's entry date when the document posts on several dates (a fund transfer's legs by value date); absent: the entry's `date`. */
  date: z.string().optional(),
});
export const documentEntrySchema = z.object({
  /** true: the entry as posted (`journal`, `journalNumber`); false: what posting will write. */
  posted: z.boolean(),
  journal: z.uuid().nullable(),
  journalNumber: z.string().nullable(),
  date: z.string(),
  lines: z.array(documentEntryLineSchema),
});
export type DocumentEntryLine = z.infer<typeof documentEntryLineSchema>;
export type DocumentEntry = z.infer<typeof documentEntrySchema>;
