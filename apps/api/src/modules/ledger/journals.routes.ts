import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';
import { registerDocumentRoutes } from '../../platform/kit/documents';
import { documentWorkflow } from '../workflow/index';
import { intercompanyBinding } from './intercompany.document';
import { journalBinding } from './journals.document';

/**
 * Journals of every kind (/gl/journals) and intercompany journals (/gl/intercompany-journals):
 * documents of the kit, whose routes, checks, approval and audit come from their definitions.
 */
export function registerJournalRoutes(app: FastifyInstance, platform: Platform): void {
  registerDocumentRoutes(app, platform, documentWorkflow, journalBinding);
  registerDocumentRoutes(app, platform, documentWorkflow, intercompanyBinding);
}
