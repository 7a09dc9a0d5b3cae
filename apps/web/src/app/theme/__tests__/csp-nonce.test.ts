// Proves every style element the page's code creates carries the page's nonce (the table's scrollbar measurement injects one
// without it), and that nothing changes where the page has no nonce (the dev server).
import { describe, expect, it } from 'vitest';
import { nonceEveryStyleElement } from '../csp-nonce';

describe('the style nonce', () => {
  it('is put on every style element created, and on no other element', () => {
    const doc = document.implementation.createHTMLDocument('page');
    nonceEveryStyleElement('abc123', doc);
    expect(doc.createElement('style').nonce).toBe('abc123');
    expect(doc.createElement('div').getAttribute('nonce')).toBeNull();
  });

  it('leaves the page alone without a nonce', () => {
    const doc = document.implementation.createHTMLDocument('page');
    const before = doc.createElement;
    nonceEveryStyleElement(undefined, doc);
    expect(doc.createElement).toBe(before);
    expect(doc.createElement('style').nonce).toBe('');
  });
});
