import { TENANT_HEADER, type ErrorObject } from '@erp/contracts';

/** SPEC.md section 9: every call times out after ten minutes. */
export const REQUEST_TIMEOUT_MS = 600_000;
/** The fixed public credential of SPEC.md section 6 (the server's PUBLIC_TOKEN; not a secret). */
export const PUBLIC_TOKEN = import.meta.env.VITE_PUBLIC_TOKEN ?? 'erp-public';

export type Credentials = { token: string; tenantId: string } | undefined;
let credentials: Credentials;

/** Set by the session on sign-in and cleared on logout; authenticated calls carry it. */
export function setCredentials(next: Credentials): void {
  credentials = next;
}

export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ErrorObject };

let onUnauthorized: (() => void) | undefined;

/** Called when an authenticated call answers 401 (expired or revoked session): the session signs out. */
export function setUnauthorizedHandler(handler: (() => void) | undefined): void {
  onUnauthorized = handler;
}

/**
 * SPEC.md section 8: a failed call becomes an error object and is returned, not thrown. The
 * message is the response's Message, else its message, else 'Status:{code} {text}'; with no
 * response, the network message.
 */
export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  options: { public?: boolean; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  // Extra headers first, so they can never replace the credential or the content type.
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const authenticated = !options.public && credentials !== undefined;
  if (!options.public && credentials) {
    headers.Authorization = `Bearer ${credentials.token}`;
    headers[TENANT_HEADER] = credentials.tenantId;
  } else {
    headers.Authorization = `Bearer ${PUBLIC_TOKEN}`;
  }
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
  } catch (e) {
    return { ok: false, error: { message: e instanceof Error ? e.message : String(e), statusCode: 0 } };
  }
  return answerOf<T>(response, authenticated);
}

/** A JSON answer as an ApiResult (SPEC.md section 8); a 401 of an authenticated call signs the session out. */
async function answerOf<T>(response: Response, authenticated: boolean): Promise<ApiResult<T>> {
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (response.ok) return { ok: true, data: json as T };
  if (response.status === 401 && authenticated) onUnauthorized?.();
  return { ok: false, error: toErrorObject(response.status, response.statusText, json) };
}

/** The headers of an authenticated call (SPEC.md section 7), or the public credential when signed out. */
function authHeaders(): Record<string, string> {
  if (!credentials) return { Authorization: `Bearer ${PUBLIC_TOKEN}` };
  return { Authorization: `Bearer ${credentials.token}`, [TENANT_HEADER]: credentials.tenantId };
}

/**
 * A file sent as the raw request body (application/octet-stream): the browser streams it and the
 * server reads it as it arrives (statement imports), instead of a base64 copy inside JSON.
 */
export async function apiUpload<T>(path: string, file: Blob): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers: { ...authHeaders(), Accept: 'application/json', 'Content-Type': 'application/octet-stream' }, body: file, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (e) {
    return { ok: false, error: { message: e instanceof Error ? e.message : String(e), statusCode: 0 } };
  }
  return answerOf<T>(response, credentials !== undefined);
}

export type Download = { blob: Blob; fileName: string | undefined };

/** The file name of a content-disposition header ('attachment; filename="accounts.csv"'). */
export function dispositionFileName(header: string | null): string | undefined {
  const match = header ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header) : null;
  return match ? decodeURIComponent(match[1]!) : undefined;
}

/** A file from an authenticated GET (exports), as a blob; failures are error objects like apiRequest's. */
export async function apiDownload(path: string): Promise<ApiResult<Download>> {
  let response: Response;
  try {
    response = await fetch(path, { method: 'GET', headers: authHeaders(), signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (e) {
    return { ok: false, error: { message: e instanceof Error ? e.message : String(e), statusCode: 0 } };
  }
  if (response.ok) {
    return { ok: true, data: { blob: await response.blob(), fileName: dispositionFileName(response.headers.get('content-disposition')) } };
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (response.status === 401 && credentials !== undefined) onUnauthorized?.();
  return { ok: false, error: toErrorObject(response.status, response.statusText, json) };
}

export function toErrorObject(status: number, statusText: string, json: unknown): ErrorObject {
  const o = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>;
  const message =
    typeof o.Message === 'string' ? o.Message : typeof o.message === 'string' ? o.message : `Status:${status} ${statusText}`;
  const serverError = typeof o.Error === 'string' ? o.Error : typeof o.serverError === 'string' ? o.serverError : undefined;
  return { message, statusCode: status, ...(serverError ? { serverError } : {}) };
}

/** A failed call as a thrown value, for TanStack Query functions (which need a rejection). */
export class ApiError extends Error {
  readonly error: ErrorObject;

  constructor(error: ErrorObject) {
    super(error.message);
    this.name = 'ApiError';
    this.error = error;
  }
}

/** The data of a successful result, or an ApiError carrying the section 8 error object. */
export function unwrap<T>(result: ApiResult<T>): T {
  if (!result.ok) throw new ApiError(result.error);
  return result.data;
}
