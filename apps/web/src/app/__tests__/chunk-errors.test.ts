// Proves chunk load failures become the spec's texts (script and CSS) and that a slow chunk times out.
import { describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, loadChunk } from '../errors/chunk-errors';

describe('loadChunk', () => {
  it('passes a loaded module through', async () => {
    await expect(loadChunk('auth', async () => 42)).resolves.toBe(42);
  });

  it('names a failed script chunk', async () => {
    const failure = loadChunk('auth', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    await expect(failure).rejects.toThrow('Loading chunk auth failed');
    await expect(failure).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('names a failed style sheet', async () => {
    await expect(loadChunk('shell', () => Promise.reject(new Error('Unable to preload CSS for /assets/x.css')))).rejects.toThrow(
      'Loading CSS chunk shell failed',
    );
  });

  it('gives up after 120000 ms', async () => {
    vi.useFakeTimers();
    const pending = loadChunk('home', () => new Promise<never>(() => undefined));
    const check = expect(pending).rejects.toThrow('Loading chunk home failed');
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    await check;
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    vi.useRealTimers();
  });
});
