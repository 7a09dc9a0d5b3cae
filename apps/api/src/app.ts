import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ApprovalType } from '@erp/contracts';
import type { Config } from './platform/config';
import type { Database } from './platform/db/client';
import { registerErrorHandler } from './platform/http/error-handler';
import { errorForLog } from './platform/http/error-log';
import { registerGuard } from './platform/http/guard';
import { registerInputGuard } from './platform/http/input-guard';
import { docsPolicy, registerHttpHeaders, registerWebApp } from './platform/http/web-app';
import { TenantHostResolver } from './platform/http/tenant-hosts';
import { Mailer } from './platform/mail/mailer';
import { Jobs } from './platform/jobs/jobs';
import type { Platform } from './platform/platform';
import { resolveTokenSecret, TokenService } from './platform/security/tokens';
import { seedersOf, type ModuleManifest } from './platform/module';
import { authModule, loadPrincipal } from './modules/auth/index';
import { organisationModule } from './modules/organisation/index';
import { ledgerModule } from './modules/ledger/index';
import { apArModule } from './modules/ap-ar/index';
import { fixedAssetsModule } from './modules/fixed-assets/index';
import { cashManagementModule } from './modules/cash-management/index';
import { adminModule } from './modules/admin/index';
import { documentWorkflow, registerApprovalDocument, workflowModule } from './modules/workflow/index';
import { EntityRegistry } from './platform/kit/registry';
import { registerEntityRoutes } from './platform/kit/entity-routes';

/**
 * The modules of the application. A new module is one line here and its manifest: nothing else
 * outside it lists its routes, entities, jobs or labels. Seeders run in this order (auth's roles
 * before the ledger's books).
 */
export const MODULES: readonly ModuleManifest[] = [authModule, organisationModule, ledgerModule, cashManagementModule, apArModule, fixedAssetsModule, adminModule, workflowModule];

export type AppDeps = {
  config: Config;
  database: Database;
  now?: () => Date;
  /** Turns the request log on (the server) or off (tests). */
  logger?: boolean;
  /** Where the log goes instead of stdout (turns it on: tests read what the server logs). */
  logStream?: { write: (line: string) => void };
  /** Sees every route as it is added (tests walk the app's own routes with it). */
  onRoute?: (route: RouteOptions) => void;
};

/** The server and its platform (an async function cannot return the thenable Fastify instance bare). */
export type App = { app: FastifyInstance; platform: Platform };

const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
/** The transformed password travels in two spec paths; keep it out of the request log. */
const redactUrl = (url: string) => url.replace(/\/(createfirst|create)\/[^/?]+/i, '/$1/[redacted]').replace(/(validateotp\/[^/]+)\/[^/?]+/i, '$1/[redacted]');

/** Trusts the nearest `count` proxies (Fastify takes a hop count at run time; its types name only the function). */
const hops = (count: number) => (_address: string, hop: number) => hop < count;

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger || deps.logStream
      ? {
          level: config.logLevel,
          ...(deps.logStream ? { stream: deps.logStream } : {}),
          serializers: { req: (req) => ({ method: req.method, url: redactUrl(req.url), host: req.headers.host }), err: errorForLog },
        }
      : false,
    // Only configured proxies may name the caller's address: rate limits key on it.
    trustProxy: typeof config.trustProxy === 'number' ? hops(config.trustProxy) : config.trustProxy,
    bodyLimit: 10 * 1024 * 1024,
    routerOptions: { maxParamLength: 300 },
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const platform: Platform = {
    config,
    database,
    hosts: new TenantHostResolver(config, database),
    entities: new EntityRegistry(),
    tokens: new TokenService(resolveTokenSecret(config.tokenSecret, database.kind === 'pglite' ? config.dataDir : undefined), config.tokenTtlMinutes),
    mailer: new Mailer(config.smtpUrl, config.mailFrom, app.log),
    jobs: new Jobs(database, app.log),
    now: deps.now ?? (() => new Date()),
    log: app.log,
    modules: MODULES,
    seeders: seedersOf(MODULES),
    auditLabels: MODULES.flatMap((m) => m.auditLabels ?? []),
    approvalEngine: documentWorkflow,
  };
  app.addHook('onClose', async () => {
    await platform.jobs.stop();
    platform.mailer.close();
  });

  await registerHttpHeaders(app);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'ERP API', version: '1.0.0', description: 'Multi-tenant accounting and business-management API' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'A user token from /auth/user/validate, or the public credential' },
          tenant: { type: 'apiKey', in: 'header', name: 'Token', description: 'The tenant id of the signed-in user' },
        },
      },
      security: [{ bearer: [], tenant: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // Swagger UI only where API_DOCS is on (off by default in production); the OpenAPI document stays built for the tests.
  if (config.apiDocs) await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true, transformStaticCSP: docsPolicy });
  await app.register(fastifyRateLimit, { global: false });

  registerErrorHandler(app);
  registerInputGuard(app);
  registerGuard(app, platform, (claims) => loadPrincipal(platform, claims));

  app.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok', database: database.kind }));
  for (const module of MODULES) compose(app, platform, module);
  await registerWebApp(app, config.webDist ?? DEFAULT_WEB_DIST);
  return { app, platform };
}

/** One module into the app: its entities and documents (the kits' routes), its own routes, approval documents and jobs. */
function compose(app: FastifyInstance, platform: Platform, module: ModuleManifest): void {
  for (const binding of module.entities?.(platform.entities) ?? []) {
    platform.entities.register(binding);
    registerEntityRoutes(app, platform, platform.entities, binding);
  }
  for (const document of module.documents ?? []) document.register(app, platform);
  module.register(app, platform);
  // The engine's registry is per process: every app built in it registers the same adapters.
  for (const [type, adapter] of Object.entries(module.approvals ?? {})) registerApprovalDocument(type as ApprovalType, adapter);
  for (const { approval } of module.documents ?? []) if (approval) registerApprovalDocument(approval.type, approval.adapter);
  for (const job of module.jobs ?? []) platform.jobs.define({ name: job.name, cron: job.cron, run: async () => void (await job.run(platform, platform.now())) });
}
