import { createRequire } from 'node:module';
import bcryptjs from 'bcryptjs';

/** What the Auth API needs from bcrypt: hashing under Go's `$2a$` prefix and comparing. */
export interface BcryptBackend {
  name: 'native' | 'bcryptjs';
  hash(password: string, cost: number): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
}

type NativeBcrypt = {
  hash(password: string, options: { cost: number; version: '2a' }): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
};

/**
 * The native binding (@node-rs/bcrypt, prebuilt per platform) hashes on libuv's thread pool: a sign-in no
 * longer holds the event loop for a whole bcrypt round (about 90 ms with bcryptjs at cost 10), which made
 * every other request wait behind it under load. On a platform without a prebuilt binary, bcryptjs keeps
 * the stack working, only slower.
 */
export function loadBcrypt(requireNative = () => createRequire(import.meta.url)('@node-rs/bcrypt') as NativeBcrypt): BcryptBackend {
  try {
    const native = requireNative();
    return {
      name: 'native',
      hash: (password, cost) => native.hash(password, { cost, version: '2a' }),
      verify: (password, hash) => native.verify(password, hash),
    };
  } catch {
    return {
      name: 'bcryptjs',
      // bcryptjs writes `$2b$`; it computes the same hash as `$2a$` for passwords under 255 bytes.
      hash: async (password, cost) => (await bcryptjs.hash(password, await bcryptjs.genSalt(cost))).replace(/^\$2b\$/, '$2a$'),
      verify: (password, hash) => bcryptjs.compare(password, hash.replace(/^\$2y\$/, '$2a$')),
    };
  }
}

export const bcrypt: BcryptBackend = loadBcrypt();
