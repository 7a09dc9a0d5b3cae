import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { fieldRefusal, refusalPath } from '@erp/contracts';
import { AppError } from './errors';

type PgLikeError = { code?: string; constraint?: string };

/** Drizzle wraps a database error in "Failed query: ..."; its cause carries the SQLSTATE. */
function databaseCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as PgLikeError).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * The database connection was lost or refused (a restart, a terminated backend, a server shutting
 * down or not accepting connections yet): the statement did not take effect, or its transaction
 * rolled back, and a retry may succeed. SQLSTATE 57P01-57P03 and class 08, the driver's own
 * messages, and the socket errors.
 */
export function isConnectionLoss(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (/^57P0[123]$/.test(code) || /^08[0-9A-Z]{3}$/.test(code) || /^(ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT)$/.test(code))) return true;
    if (typeof message === 'string' && /^(Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)/.test(message)) return true;
  }
  return false;
}

/** Every failure leaves as the SPEC.md section 8 error object with the status DESIGN.md names. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & PgLikeError, request, reply) => {
    if (error instanceof AppError) return reply.status(error.statusCode).send(error.toErrorObject());
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      // The place in the form the document editor reads back (contracts kit/refusals.ts): `lines[2].debit: ...`.
      const message = fieldRefusal(first ? refusalPath(first.instancePath) : '', first?.message ?? 'invalid input');
      return reply.status(400).send({ message, statusCode: 400, serverError: 'ValidationError' });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Internal server error', statusCode: 500, serverError: 'ServerError' });
    }
    if (isConnectionLoss(error)) {
      request.log.warn({ err: error }, 'database connection lost');
      return reply.status(503).send({ message: 'The database is unavailable for a moment; please try again', statusCode: 503, serverError: 'ServiceUnavailable' });
    }
    const sqlState = databaseCode(error);
    if (sqlState === '23505') {
      return reply.status(409).send({ message: 'A record with the same key already exists', statusCode: 409, serverError: 'Conflict' });
    }
    if (sqlState === '23503') {
      return reply.status(409).send({ message: 'The record refers to a record that does not exist, or is still referred to by others', statusCode: 409, serverError: 'Conflict' });
    }
    if (sqlState === '42501') {
      request.log.warn({ err: error }, 'database refused a privilege');
      return reply.status(403).send({ message: 'You are not permitted to do this', statusCode: 403, serverError: 'Forbidden' });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'unexpected error');
    const message = status === 500 ? 'Internal server error' : error.message;
    return reply.status(status).send({ message, statusCode: status, serverError: status === 500 ? 'ServerError' : error.code });
  });
}
