import { describe, expect, test } from 'vitest';
import { as, errorAs, ids, rowsAs, stepsAs } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

const ctx = useSeededDatabase();

const countOf = async (user: string) => (await rowsAs<{ n: number }>(ctx.db, as(user), 'select api.my_sign_in_count() as n'))[0]!.n;

describe('sign-in count ("Welcome" the first time, "Welcome back" after; issue 32)', () => {
  test('each sign-in (Auth writing last_sign_in_at) counts once; other writes to the user do not', async () => {
    const before = { creator: await countOf(ids.creator), brand: await countOf(ids.brand) };
    // Rolled back at the end: the seeded database stays as it was for the other tests.
    const rows = await stepsAs<{ creator: number; brand: number }>(ctx.db, 'postgres', [
      [`update auth.users set last_sign_in_at = now() - interval '1 minute' where id = $1`, [ids.creator]],
      // A token refresh or a profile edit moves updated_at, not last_sign_in_at.
      [`update auth.users set updated_at = now() where id = $1`, [ids.creator]],
      [`update auth.users set last_sign_in_at = now() where id = $1`, [ids.creator]],
      [
        `select (select sign_in_count from app.profiles where id = $1) as creator, (select sign_in_count from app.profiles where id = $2) as brand`,
        [ids.creator, ids.brand],
      ],
    ]);
    expect(rows).toEqual([{ creator: before.creator + 2, brand: before.brand }]);
  });

  test('a user cannot write their count; anon cannot read one', async () => {
    const before = await countOf(ids.brand);
    const e = await errorAs(ctx.db, as(ids.brand), 'update app.profiles set sign_in_count = 99 where id = $1', [ids.brand]);
    expect(e.code).toBe('42501');
    expect(await countOf(ids.brand)).toBe(before);
    expect((await errorAs(ctx.db, 'anon', 'select api.my_sign_in_count()')).code).toBe('42501');
  });

  test('a user reads only their own count', async () => {
    const rows = await stepsAs<{ n: number }>(ctx.db, as(ids.brand), [['select api.my_sign_in_count() as n']]);
    expect(rows).toHaveLength(1);
    expect(typeof rows[0]!.n).toBe('number');
  });
});
