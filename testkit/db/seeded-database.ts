import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../runtime.ts';
import { openTestDatabase, type TestDatabase } from '../test-database.ts';

/** Opens a migrated, seeded scratch database for the test file and drops it afterwards. */
export function useSeededDatabase(): { readonly db: Database } {
  let t: TestDatabase | undefined;
  beforeAll(async () => {
    t = await openTestDatabase({ seed: true });
  });
  afterAll(async () => {
    await t?.drop();
  });
  return {
    get db() {
      if (!t) throw new Error('database not open yet');
      return t.db;
    },
  };
}
