import bcryptjs from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { bcrypt, loadBcrypt } from './bcrypt-backend.ts';

const fallback = loadBcrypt(() => {
  throw new Error('no prebuilt binary for this platform');
});

describe('bcrypt backend', () => {
  it('uses the native binding where a prebuilt binary exists, and bcryptjs where it does not', () => {
    expect(bcrypt.name).toBe('native');
    expect(fallback.name).toBe('bcryptjs');
  });

  it.each([bcrypt, fallback])('$name writes $2a$ cost-10 hashes the other backend and bcryptjs accept', async (backend) => {
    const other = backend === bcrypt ? fallback : bcrypt;
    const hash = await backend.hash('correct horse', 10);
    expect(hash).toMatch(/^\$2a\$10\$[./A-Za-z0-9]{53}$/);
    expect(await other.verify('correct horse', hash)).toBe(true);
    expect(await other.verify('wrong horse', hash)).toBe(false);
    expect(await bcryptjs.compare('correct horse', hash)).toBe(true);
  });

  it.each([bcrypt, fallback])('$name accepts the $2b$ and $2y$ prefixes other bcrypt libraries write', async (backend) => {
    const b = await bcryptjs.hash('pässwörd', 4);
    for (const prefix of ['$2a$', '$2b$', '$2y$']) {
      expect(await backend.verify('pässwörd', b.replace(/^\$2.\$/, prefix))).toBe(true);
    }
  });
});
