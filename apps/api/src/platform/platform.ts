import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Mailer } from './mail/mailer';
import type { Jobs } from './jobs/jobs';
import type { TokenService } from './security/tokens';
import type { TenantHostResolver } from './http/tenant-hosts';
import type { DocumentWorkflow } from './kit/documents';
import type { EntityRegistry } from './kit/registry';
import type { AuditLabel, ModuleManifest, Seeders } from './module';

/** What every module's routes and services are given: built once in buildApp. */
export type Platform = {
  config: Config;
  database: Database;
  tokens: TokenService;
  hosts: TenantHostResolver;
  /** The master-data entities of the kit, by name. */
  entities: EntityRegistry;
  mailer: Mailer;
  /** Scheduled and queued work (pg-boss); started by the server only. */
  jobs: Jobs;
  /** The clock; tests move it to prove expiry rules. */
  now: () => Date;
  log: FastifyBaseLogger;
  /** The modules of the application, as app.ts composed them. */
  modules: readonly ModuleManifest[];
  /** What every module seeds for a new tenant and a new company (organisation runs them). */
  seeders: Required<Seeders>;
  /** How the audit trail labels each module's records. */
  auditLabels: readonly AuditLabel[];
  /** The approval engine as the documents kit asks it (gates, submission): the workflow module's. */
  approvalEngine: DocumentWorkflow;
};
