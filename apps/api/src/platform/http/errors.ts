import type { ErrorObject } from '@erp/contracts';

/** A failure with the HTTP status of DESIGN.md "API conventions" and a message a person can read. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly serverError?: string,
  ) {
    super(message);
  }
  toErrorObject(): ErrorObject {
    return { message: this.message, statusCode: this.statusCode, ...(this.serverError ? { serverError: this.serverError } : {}) };
  }
}

export const badRequest = (message: string) => new AppError(400, message, 'BadRequest');
export const unauthorized = (message = 'Please sign in again') => new AppError(401, message, 'Unauthorized');
export const forbidden = (message = 'You are not permitted to do this') => new AppError(403, message, 'Forbidden');
export const notFound = (what: string) => new AppError(404, `${what} was not found`, 'NotFound');
export const conflict = (message: string) => new AppError(409, message, 'Conflict');
export const unprocessable = (message: string) => new AppError(422, message, 'BusinessRule');
export const tooManyRequests = (message: string) => new AppError(429, message, 'TooManyRequests');
