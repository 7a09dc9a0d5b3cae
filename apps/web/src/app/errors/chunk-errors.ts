/*
 * Lazy screens and their load failures (SPEC.md sections 8 and 9): a chunk that fails or takes
 * longer than 120000 ms becomes 'Loading chunk {id} failed' or 'Loading CSS chunk {id} failed'.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export function chunkErrorMessage(chunkId: string, css: boolean): string {
  return css ? `Loading CSS chunk ${chunkId} failed` : `Loading chunk ${chunkId} failed`;
}

export class ChunkLoadError extends Error {
  readonly chunkId: string;
  readonly css: boolean;

  constructor(chunkId: string, css: boolean, cause?: unknown) {
    super(chunkErrorMessage(chunkId, css), { cause });
    this.name = 'ChunkLoadError';
    this.chunkId = chunkId;
    this.css = css;
  }
}

/** Vite reports a failed style sheet preload as 'Unable to preload CSS for ...'. */
function isCssFailure(error: unknown): boolean {
  return error instanceof Error && /\bcss\b/i.test(error.message);
}

export async function loadChunk<T>(chunkId: string, loader: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError(chunkId, false)), timeoutMs);
  });
  try {
    return await Promise.race([loader(), timeout]);
  } catch (error) {
    if (error instanceof ChunkLoadError) throw error;
    throw new ChunkLoadError(chunkId, isCssFailure(error), error);
  } finally {
    clearTimeout(timer);
  }
}

export type PageModule = { default: ComponentType };

/** React.lazy over loadChunk: one chunk id per module of screens. */
export function lazyPage(chunkId: string, loader: () => Promise<PageModule>): LazyExoticComponent<ComponentType> {
  return lazy(() => loadChunk(chunkId, loader));
}

/** Adapts a module's named export to what React.lazy takes. */
export function pick<M, K extends keyof M>(loader: () => Promise<M>, name: K): () => Promise<PageModule> {
  return async () => ({ default: (await loader())[name] as ComponentType });
}
