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
