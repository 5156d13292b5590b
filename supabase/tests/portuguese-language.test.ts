import { describe, expect, test } from 'vitest';
import type { Queryable } from '../../testkit/runtime.ts';
import { as, errorAs, ids, runAs, stepsAs } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';
import { PAYOUT_COUNTRIES } from '../functions/_shared/contract/payout-countries.ts';

// Issue 37: Brazilian Portuguese. A profile's language may be 'pt'; a new creator whose country is Brazil
// starts in it unless a language was picked on the sign-up screen (decision 0043).

const ctx = useSeededDatabase();
const newId = '37373737-3737-4737-8737-373737373737';

/** Inserts an auth user the way GoTrue does on sign-up, inside the caller's transaction. */
async function signUp(q: Queryable, meta: object, appMeta: object = {}) {
  await q.query(
    `insert into auth.users (instance_id, id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', 'nova@demo.test', $2, $3, now(), now())`,
    [newId, JSON.stringify({ provider: 'email', providers: ['email'], ...appMeta }), JSON.stringify(meta)],
  );
}

/** The language the profile made by a sign-up with this metadata starts with. */
async function startingLanguage(meta: object, appMeta: object = {}): Promise<string | null> {
  return runAs(ctx.db, 'postgres', async (q) => {
    await signUp(q, { username: 'nova.criadora', full_name: 'Nova Criadora', ...meta }, appMeta);
    const { rows } = await q.query<{ language: string | null }>('select language from app.profiles where id = $1', [newId]);
    return rows[0]!.language;
  });
}

const brand = { role: 'brand', company_name: 'Nova Labs', website: 'https://nova.test' };

describe('a new account’s language', () => {
  test('a creator from Brazil starts in Portuguese, however the country is written', async () => {
    expect(await startingLanguage({ country: 'BR' })).toBe('pt');
    expect(await startingLanguage({ country: ' br ', language: 'es' })).toBe('pt');
  });

  test('a language picked on the sign-up screen wins over the country', async () => {
    expect(await startingLanguage({ country: 'BR', language: 'es', language_picked: true })).toBe('es');
    expect(await startingLanguage({ country: 'BR', language: 'en', language_picked: true })).toBe('en');
    expect(await startingLanguage({ country: 'MX', language: 'pt', language_picked: true })).toBe('pt');
  });

  test('without a pick or Brazil the language stays unset, as before (the app reads the browser, then the role)', async () => {
    expect(await startingLanguage({})).toBeNull();
    expect(await startingLanguage({ country: 'MX' })).toBeNull();
    // The screen's language alone is what Auth's templates read, not a choice.
    expect(await startingLanguage({ language: 'pt' })).toBeNull();
    expect(await startingLanguage({ country: 'BRA' })).toBeNull();
  });

  test('a picked language the product does not speak is ignored, not an error', async () => {
    expect(await startingLanguage({ country: 'BR', language: 'fr', language_picked: true })).toBe('pt');
    expect(await startingLanguage({ language: 'fr', language_picked: true })).toBeNull();
    // A flag that is not the JSON true is no pick.
    expect(await startingLanguage({ country: 'BR', language: 'es', language_picked: 'yes' })).toBe('pt');
  });

  test('Brazil makes Portuguese for creators only: a brand, or an admin-made brand, keeps its pick or none', async () => {
    expect(await startingLanguage({ ...brand, country: 'BR' })).toBeNull();
    expect(await startingLanguage({ country: 'BR' }, { role: 'brand' })).toBeNull();
    expect(await startingLanguage({ ...brand, country: 'BR', language: 'pt', language_picked: true })).toBe('pt');
    // An admin-made creator from Brazil starts in Portuguese like a self-registered one.
    expect(await startingLanguage({ country: 'BR' }, { role: 'creator' })).toBe('pt');
  });
});

describe('the web sign-up form’s country (its options and what it sends)', () => {
  test('offers exactly the countries api.payout_countries pays in', async () => {
    const rows = await runAs(ctx.db, 'postgres', async (q) => (await q.query<{ country: string }>('select country from api.payout_countries() order by 1')).rows);
    expect(rows.map((r) => r.country)).toEqual([...PAYOUT_COUNTRIES].sort());
  });

  test('the metadata a Spanish screen sends for a creator from Brazil starts the account in Portuguese', async () => {
    // web/src/features/auth/api/sign-up.ts: no pick, the screen's language made 'pt' for Auth's email, the country.
    expect(await startingLanguage({ country: 'BR', language: 'pt', language_picked: false, instagram_handle: 'nova.criadora' })).toBe('pt');
    // A Mexican creator on the same screen: unset, so the app reads the browser, then the role.
    expect(await startingLanguage({ country: 'MX', language: 'es', language_picked: false })).toBeNull();
  });
});

describe('choosing Portuguese', () => {
  test('set_my_language takes pt, and current_profile returns it', async () => {
    const rows = await stepsAs<{ language: string }>(ctx.db, as(ids.creator), [
      [`select api.set_my_language('pt')`],
      ['select language from api.current_profile()'],
    ]);
    expect(rows).toEqual([{ language: 'pt' }]);
  });

  test('a brand may read Portuguese too', async () => {
    const rows = await stepsAs<{ language: string }>(ctx.db, as(ids.brand), [
      [`select api.set_my_language('pt')`],
      ['select language from api.current_profile()'],
    ]);
    expect(rows).toEqual([{ language: 'pt' }]);
  });

  test('other spellings and languages are refused, with the code', async () => {
    for (const language of ['pt-BR', 'PT', 'br', 'pt_BR', '']) {
      const e = await errorAs(ctx.db, as(ids.creator), 'select api.set_my_language($1)', [language]);
      expect([language, e.code, e.detail]).toEqual([language, '22023', 'invalid_language']);
    }
  });

  test('the table refuses what the function would, even for the service role', async () => {
    const e = await errorAs(ctx.db, 'postgres', `update app.profiles set language = 'pt-BR' where id = $1`, [ids.creator]);
    expect([e.code, e.message.includes('profiles_language_check')]).toEqual(['23514', true]);
    const ok = await stepsAs<{ language: string }>(ctx.db, 'postgres', [
      [`update app.profiles set language = 'pt' where id = $1`, [ids.creator]],
      ['select language from app.profiles where id = $1', [ids.creator]],
    ]);
    expect(ok).toEqual([{ language: 'pt' }]);
  });

  test('the outbox takes pt and nothing else new', async () => {
    const insert = `insert into app.email_outbox (user_id, category, template, to_address, locale) values ($1, 'messages', 'new_message', 'x@demo.test', $2)`;
    const e = await errorAs(ctx.db, 'postgres', insert, [ids.creator, 'pt-BR']);
    expect([e.code, e.message.includes('email_outbox_locale_valid')]).toEqual(['23514', true]);
    const ok = await stepsAs<{ locale: string }>(ctx.db, 'postgres', [
      [insert, [ids.creator, 'pt']],
      ['select locale from app.email_outbox where user_id = $1 and to_address = $2', [ids.creator, 'x@demo.test']],
    ]);
    expect(ok).toEqual([{ locale: 'pt' }]);
  });
});
