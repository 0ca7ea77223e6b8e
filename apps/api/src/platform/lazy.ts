import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A package loaded on first use rather than at start: the SDKs only some sites configure (Stripe,
 * S3) and the libraries only some requests need (image, PDF and HTML processing, password
 * strength) took over a second of every start and tens of MB of memory (decision 019). Loaded
 * synchronously, so call sites stay as they were.
 */
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
