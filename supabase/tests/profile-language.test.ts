import { describe, expect, test } from 'vitest';
import { as, errorAs, ids, rowsAs, stepsAs } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

const ctx = useSeededDatabase();

describe('a user’s language (issue 15)', () => {
  test('is unset until chosen, and current_profile returns it', async () => {
    const rows = await rowsAs<{ language: string | null }>(ctx.db, as(ids.creator), 'select language from api.current_profile()');
    expect(rows).toEqual([{ language: null }]);
  });

  test('set_my_language saves the caller’s own choice', async () => {
    const rows = await stepsAs<{ language: string }>(ctx.db, as(ids.creator), [
      [`select api.set_my_language('en')`],
      ['select language from api.current_profile()'],
    ]);
    expect(rows).toEqual([{ language: 'en' }]);
  });

  test('only touches the caller’s row', async () => {
    const rows = await stepsAs<{ id: string; language: string | null }>(ctx.db, as(ids.brand), [
      [`select api.set_my_language('es')`],
      // Back to the session's own role, in the same transaction, to see both rows.
      ['reset role'],
      [`select id, language from app.profiles where id in ($1, $2) order by id`, [ids.brand, ids.creator]],
    ]);
    expect(rows).toEqual(
      [
        { id: ids.brand, language: 'es' },
        { id: ids.creator, language: null },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
  });

  test('refuses a language the product does not speak, with its code', async () => {
    const e = await errorAs(ctx.db, as(ids.creator), `select api.set_my_language('fr')`);
    expect([e.code, e.detail]).toEqual(['22023', 'invalid_language']);
    const nothing = await errorAs(ctx.db, as(ids.creator), 'select api.set_my_language(null)');
    expect(nothing.detail).toBe('invalid_language');
  });

  test('anon may not call it; a user may not write another’s language directly (RLS: no row matches)', async () => {
    expect((await errorAs(ctx.db, 'anon', `select api.set_my_language('es')`)).code).toBe('42501');
    const rows = await stepsAs<{ language: string | null }>(ctx.db, as(ids.creator), [
      [`update app.profiles set language = 'en' where id = $1`, [ids.brand]],
      ['reset role'],
      ['select language from app.profiles where id = $1', [ids.brand]],
    ]);
    expect(rows).toEqual([{ language: null }]);
  });
});
