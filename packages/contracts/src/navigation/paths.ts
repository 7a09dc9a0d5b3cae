/** '/journal/?x=1#top' -> '/journal': drops query, fragment and trailing slashes; '' -> '/'. */
export function normalisePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  const withSlash = bare.startsWith('/') ? bare : `/${bare}`;
  const trimmed = withSlash.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** True when path is prefix itself or lies below it ('/trial-balance/x' under '/trial-balance', not '/trial-balances'). */
export function isUnderPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}
