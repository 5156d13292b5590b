import { describe, expect, test } from 'vitest';
import type { Queryable } from '../../testkit/runtime.ts';
import { ids, runAs } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

// Issue 36 item 2 (decision 0056): the renewal offers each side sees (api.licence_renewals) and, for the
// accepted ones, their funding. Seed: application 6 is Carla's (c08) pending application to campaign 1
// (GlowLab, flat fee $500.00); hire-licences.test.ts covers offering and deciding.

const ctx = useSeededDatabase();
const APP = ids.application(6);
const CAMPAIGN = ids.campaign(1);
const CREATOR = ids.creatorN(8);

async function become(q: Queryable, who: 'postgres' | 'anon' | string): Promise<void> {
  await q.exec('reset role');
  if (who === 'postgres') return;
  if (who === 'anon') {
    await q.exec('set local role anon');
    await q.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ role: 'anon' })]);
    return;
  }
  await q.exec('set local role authenticated');
  await q.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: who, role: 'authenticated', aud: 'authenticated' })]);
}
const one = async <T = Record<string, unknown>>(q: Queryable, sql: string, params: unknown[] = []) => (await q.query<T>(sql, params)).rows[0]!;
async function fails(q: Queryable, sql: string, params: unknown[] = []) {
  await q.exec('savepoint try');
  try {
    await q.query(sql, params);
  } catch (e) {
    await q.exec('rollback to savepoint try');
    return e as { code: string; detail?: string };
  }
  throw new Error(`expected an error from ${sql}`);
}

/** Escrow on; paid usage ($300.00, 90 days); the brand accepts Carla and offers a 60-day renewal for $200.00. */
async function offered(q: Queryable): Promise<string> {
  await q.query(`update app.platform_settings set escrow_enabled = true`);
  await become(q, ids.brand);
  await q.query(`select api.set_campaign_usage_rights($1, 'paid', '{instagram}', '{US}', 90, 30000, null, null)`, [CAMPAIGN]);
  await q.query(`select api.accept_application($1)`, [APP]);
  return (await one<{ id: string }>(q, 'select api.offer_licence_renewal($1, 60, 20000) id', [APP])).id;
}

const list = `select id, application_id, campaign_id, campaign_title, brand_name, creator_name, term_days, price_cents::int price, status
  from api.licence_renewals()`;

describe('the renewal offers each side sees', () => {
  test('the brand and the hired creator see the offer with both names; another brand, the admin and a stranger creator see none; anon is refused', async () => {
    const result = await runAs(ctx.db, 'postgres', async (q) => {
      const id = await offered(q);
      await become(q, ids.brand);
      const brand = (await q.query(list)).rows;
      const brandOfHire = (await q.query(`select id from api.licence_renewals($1)`, [APP])).rows;
      const brandOtherHire = (await q.query(`select id from api.licence_renewals($1)`, [ids.application(1)])).rows;
      await become(q, CREATOR);
      const creator = (await q.query(list)).rows;
      await become(q, ids.otherBrand);
      const otherBrand = (await q.query(list)).rows;
      await become(q, ids.creator);
      const otherCreator = (await q.query(list)).rows;
      await become(q, ids.admin);
      const admin = (await q.query(list)).rows;
      await become(q, 'anon');
      const anon = await fails(q, list);
      return { id, brand, brandOfHire, brandOtherHire, creator, otherBrand, otherCreator, admin, anon: anon.code };
    });
    expect(result.brand).toEqual([
      { id: result.id, application_id: APP, campaign_id: CAMPAIGN, campaign_title: 'Morning Glow Serum Launch', brand_name: 'GlowLab Skincare', creator_name: 'Isabella Torres', term_days: 60, price: 20000, status: 'offered' },
    ]);
    expect(result.brandOfHire).toEqual([{ id: result.id }]);
    expect(result.brandOtherHire).toEqual([]);
    expect(result.creator).toEqual(result.brand);
    expect(result.otherBrand).toEqual([]);
    expect(result.otherCreator).toEqual([]);
    expect(result.admin).toEqual([]);
    expect(result.anon).toBe('42501');
  });
});
