import type { FastifyInstance } from 'fastify';
import type { ApprovalType } from '@erp/contracts';
import type { ApprovalAdapter } from './approval-adapter';
import type { Tx } from './db/client';
import type { ModuleDocument } from './kit/documents';
import type { EntityRegistry, KitBinding } from './kit/registry';
import type { Platform } from './platform';

/** A route as the tests name it: `METHOD /path` with Fastify's `:params`. */
export type RouteKey = `${'GET' | 'POST' | 'PUT' | 'DELETE'} /${string}`;

/**
 * Whose rows a hand-written route reaches: what the tenant and company isolation tests do with it.
 * - company: rows of the caller's company; the company-isolation test must attack it (with `sample`,
 *   the kind of record its `:id` names, e.g. 'journal': the test makes one in another company).
 * - tenant: rows of the whole tenant (users, roles, the organisation structure).
 * - caller: the caller's own records (sign-in, profile, password).
 * - assignment: the approval engine, which acts on any company's document by the caller's task.
 * - none: no tenant rows at all (locales, approval types, the service monitor).
 * Every route but a company one says why it is not company-scoped.
 * `open`: why a signed-in role holding no permission may still call it (public and self-service
 * routes); the route-access test refuses every other route to such a role.
 */
export type RouteFacts =
  | { rows: 'company'; sample?: string; open?: string }
  | { rows: 'tenant' | 'caller' | 'assignment' | 'none'; why: string; open?: string };

/** A record's label for the audit trail: the table, its key column and the label expression over alias `t`. */
export type AuditLabel = { table: string; key: string; label: string };

/** Scheduled work: `run` is a plain, idempotent function of (platform, time) that tests call with their clock. */
export type ModuleJob = { name: string; cron: string; run: (platform: Platform, now: Date) => Promise<unknown> };

/**
 * What a new tenant and a new company get from a module, inside the transaction that creates them
 * (organisation runs them, knowing no module: app.ts hands them over through the platform).
 */
export type Seeders = {
  tenant?: (tx: Tx, tenantId: string) => Promise<void>;
  company?: (tx: Tx, tenantId: string, companyId: string) => Promise<void>;
};

/**
 * Everything a module brings to the application, declared in one place (its index.ts exports it)
 * and composed by app.ts. Nothing outside the module lists its routes, tables, labels or jobs.
 */
export type ModuleManifest = {
  name: string;
  /** Its hand-written routes (the kit registers the entities' own). */
  register: (app: FastifyInstance, platform: Platform) => void;
  /** Every hand-written route `register` adds, with what the isolation tests need to know. */
  routes: Readonly<Record<RouteKey, RouteFacts>>;
  /** Its master-data entities: the kit gives each its routes, audit and isolation. */
  entities?: (registry: EntityRegistry) => KitBinding[];
  /**
   * Its documents (the documents kit): each gets its routes (declared to the route tests by
   * `documentRoutes`, not in `routes`) and, with an approval type, its adapter given to the engine.
   */
  documents?: readonly ModuleDocument[];
  /** Its other approval documents, given to the approval engine. */
  approvals?: Readonly<Partial<Record<ApprovalType, ApprovalAdapter>>>;
  jobs?: readonly ModuleJob[];
  /** How the audit trail labels and searches its records. */
  auditLabels?: readonly AuditLabel[];
  seeders?: Seeders;
  /** The menu pages (SPEC.md section 2) whose screens its routes serve. */
  pages?: readonly string[];
};

/** The seeders of every module, in the order the manifests are composed (auth's roles before the ledger's books). */
export function seedersOf(manifests: readonly ModuleManifest[]): Required<Seeders> {
  const all = manifests.flatMap((m) => (m.seeders ? [m.seeders] : []));
  return {
    tenant: async (tx, tenantId) => {
      for (const s of all) await s.tenant?.(tx, tenantId);
    },
    company: async (tx, tenantId, companyId) => {
      for (const s of all) await s.company?.(tx, tenantId, companyId);
    },
  };
}
