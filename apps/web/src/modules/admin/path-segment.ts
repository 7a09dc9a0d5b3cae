/** The server refuses longer search text. */
export const SEARCH_LENGTH_MAX = 200;

/*
 * Search text travels as a path segment. A segment of dots only ('.', '..') is a dot segment that
 * the browser's URL parser resolves away, even percent-encoded, which would change the route; such
 * text, like empty text, means "no search" and gives undefined.
 */
export function searchPathSegment(search: string | undefined): string | undefined {
  const text = (search ?? '').trim().slice(0, SEARCH_LENGTH_MAX);
  if (text === '' || /^\.+$/.test(text)) return undefined;
  return encodeURIComponent(text);
}
