/*
 * The style nonce of this page load. The server writes a fresh one per response of index.html into its
 * Content-Security-Policy and into Vite's `<meta property="csp-nonce">` (apps/web/vite.config.ts); antd and its icons
 * put it on the style elements they inject at run time, which the policy would refuse otherwise.
 */
const PLACEHOLDER = '__CSP_NONCE__';

export function cspNonce(doc: Document = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  // Browsers hide a nonce attribute from getAttribute once parsed; the property keeps it.
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || undefined;
  // The dev server (no policy) leaves the placeholder as is.
  return nonce && nonce !== PLACEHOLDER ? nonce : undefined;
}

/**
 * Gives every style element this page's code creates the page's nonce. antd passes the nonce to the
 * styles it injects, but some of its parts do not: the table's scrollbar measurement (rc-util's
 * getScrollBarSize) injects a style without one, which the policy refuses (a reported violation and
 * a wrong measure). Only this bundle's own scripts run here (script-src 'self'), so the nonce
 * vouches for nothing a page script could not already do.
 */
export function nonceEveryStyleElement(nonce: string | undefined, doc: Document = document): void {
  if (!nonce) return;
  const create = doc.createElement.bind(doc) as (tag: string, options?: ElementCreationOptions) => HTMLElement;
  doc.createElement = ((tag: string, options?: ElementCreationOptions) => {
    const element = create(tag, options);
    if (element instanceof HTMLStyleElement && !element.nonce) element.nonce = nonce;
    return element;
  }) as Document['createElement'];
}
