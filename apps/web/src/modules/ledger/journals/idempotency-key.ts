/** A fresh Idempotency-Key; crypto.randomUUID needs a secure context, so plain http falls back to random bytes. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One key per request body: a repeated post of the same journal sends the same key (the server
 * answers the first result, even after a success), while a changed journal gets a new key (the
 * server would refuse the old key with another body). A failed request rolls its key back on the
 * server, so it may be sent again.
 */
export function keyKeeper(): { keyFor: (fingerprint: string) => string } {
  let held: { fingerprint: string; key: string } | undefined;
  return {
    keyFor: (fingerprint) => {
      if (held?.fingerprint !== fingerprint) held = { fingerprint, key: newIdempotencyKey() };
      return held.key;
    },
  };
}
