import { apiRequest, unwrap } from '../../app/api';

/** One call that rejects with the shell's ApiError (the section 8 error object) so TanStack Query sees failures. */
export async function callApi<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  return unwrap(await apiRequest<T>(method, path, body, signal ? { signal } : {}));
}

/** The message to show for any failure: the server's text when there is one. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Error';
}
