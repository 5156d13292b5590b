import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPglite } from './pglite.ts';

/** The part of the WebAssembly API this test touches (the project's TypeScript libraries do not declare it). */
interface Wasm {
  Module: { new (bytes: Uint8Array): object; exports(module: object): { name: string }[] };
  instantiate(source: unknown, imports?: unknown): Promise<unknown>;
}
const wasm = (globalThis as unknown as { WebAssembly: Wasm }).WebAssembly;

/** An extension library, unlike PGlite's own modules, exports the magic block every Postgres library carries. */
function isExtensionLibrary(source: unknown): boolean {
  const module = source instanceof wasm.Module ? source : new wasm.Module(source as Uint8Array);
  return wasm.Module.exports(module).some((e) => e.name === 'Pg_magic_func');
}

// Decision 0059: Emscripten's dynamic linker zeroed the symbols of one extension library while another finished
// loading beside it, which broke pgcrypto's OpenSSL for the life of the instance (about one fresh start in
// thirty failed in the seed with "Unsupported digest algorithm"). The race needs two libraries instantiated
// asynchronously at once; here none is instantiated asynchronously at all, and each works once dlopen loads it.
describe('the extension libraries of embedded Postgres', () => {
  afterEach(() => vi.restoreAllMocks());

  it('are loaded one at a time, synchronously at first use, never by the concurrent preload', async () => {
    const instantiate = vi.spyOn(wasm, 'instantiate');
    const db = await openPglite(undefined);
    try {
      await db.exec(`create schema extensions;
        create extension pgcrypto with schema extensions;
        create extension pg_trgm with schema extensions;
        create extension unaccent with schema extensions;`);
      const { rows } = await db.query<{ sha1: string; armored: number; similar: number; plain: string }>(
        `select encode(extensions.digest('marketplace', 'sha1'), 'hex') as sha1,
                length(extensions.pgp_sym_encrypt('a secret', 'a key')) as armored,
                extensions.similarity('creadora', 'creador') as similar,
                extensions.unaccent('publicación') as plain`,
      );
      expect(rows[0]!.sha1).toBe('b934bfa00ac41ce8c3b77e66249add0a93ae2326');
      expect(rows[0]!.armored).toBeGreaterThan(0);
      expect(rows[0]!.similar).toBeGreaterThan(0.5);
      expect(rows[0]!.plain).toBe('publicacion');
      const preloaded = instantiate.mock.calls.filter(([source]) => isExtensionLibrary(source)).length;
      expect(preloaded).toBe(0);
    } finally {
      await db.close();
    }
  });
});
