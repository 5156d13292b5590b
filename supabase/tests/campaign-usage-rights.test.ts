import { describe, expect, test } from 'vitest';
import { as, errorAs, ids, rowsAs, stepsAs } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

// Issue 36 item 2 (decision 0056): the licence a campaign buys is checked by named constraints, so a bad
// licence is refused by the database whatever client wrote it, and the error names the broken rule.

const ctx = useSeededDatabase();
const campaign = ids.campaign(1);

const set = (assignments: string) => `update app.campaigns set ${assignments} where id = $1 returning id`;
const refusal = async (assignments: string) => {
  const e = await errorAs(ctx.db, 'postgres', set(assignments), [campaign]);
  return [e.code, /constraint "([a-z_]+)"/.exec(e.message)?.[1]];
};
const accepted = async (assignments: string) =>
  (await rowsAs(ctx.db, 'postgres', set(assignments), [campaign])).length;

describe('a campaign\'s usage rights', () => {
  test('existing campaigns are organic, worldwide, 365 days, no price, no exclusivity', async () => {
    const [row] = await rowsAs(ctx.db, 'postgres',
      `select usage_kind, usage_platforms, usage_territory, usage_term_days, usage_price_cents,
              exclusivity_category, exclusivity_days from app.campaigns where id = $1`, [campaign]);
    expect(row).toEqual({
      usage_kind: 'organic', usage_platforms: [], usage_territory: null, usage_term_days: 365,
      usage_price_cents: null, exclusivity_category: null, exclusivity_days: null,
    });
  });

  test('a full paid licence is accepted', async () => {
    expect(await accepted(`usage_kind = 'paid', usage_platforms = '{instagram,tiktok}', usage_territory = '{US,MX}',
      usage_term_days = 90, usage_price_cents = 25000, exclusivity_category = 'Skincare', exclusivity_days = 30`)).toBe(1);
    expect(await accepted(`usage_kind = 'paid', usage_platforms = '{youtube}', usage_price_cents = 0, usage_term_days = 3650`)).toBe(1);
  });

  test.each([
    ['zero term', 'usage_term_days = 0', 'campaigns_usage_term_range'],
    ['negative term', 'usage_term_days = -5', 'campaigns_usage_term_range'],
    ['huge term', 'usage_term_days = 3651', 'campaigns_usage_term_range'],
    ['unknown kind', `usage_kind = 'forever'`, 'campaigns_usage_kind_valid'],
    ['paid without platforms', `usage_kind = 'paid', usage_price_cents = 100`, 'campaigns_usage_paid_needs_platforms'],
    ['paid without price', `usage_kind = 'paid', usage_platforms = '{tiktok}'`, 'campaigns_usage_paid_needs_price'],
    ['paid with a negative price', `usage_kind = 'paid', usage_platforms = '{tiktok}', usage_price_cents = -1`, 'campaigns_usage_paid_needs_price'],
    ['organic with a price', 'usage_price_cents = 100', 'campaigns_usage_price_only_paid'],
    ['a platform outside the licence list', `usage_platforms = '{twitter}'`, 'campaigns_usage_platforms_valid'],
    ['a lower-case country', `usage_territory = '{us}'`, 'campaigns_usage_territory_valid'],
    ['a three-letter country', `usage_territory = '{USA}'`, 'campaigns_usage_territory_valid'],
    ['an empty territory list', `usage_territory = '{}'`, 'campaigns_usage_territory_valid'],
    ['exclusivity without days', `exclusivity_category = 'Skincare'`, 'campaigns_exclusivity_complete'],
    ['exclusivity days without a category', 'exclusivity_days = 30', 'campaigns_exclusivity_complete'],
    ['zero exclusivity days', `exclusivity_category = 'Skincare', exclusivity_days = 0`, 'campaigns_exclusivity_days_range'],
    ['a blank exclusivity category', `exclusivity_category = '  ', exclusivity_days = 30`, 'campaigns_exclusivity_category_length'],
  ])('%s is refused', async (_name, assignments, constraint) => {
    expect(await refusal(assignments)).toEqual(['23514', constraint]);
  });
});

describe('api.set_campaign_usage_rights', () => {
  const call = `select api.set_campaign_usage_rights($1, $2, $3::text[], $4::text[], $5::int, $6::bigint, $7, $8::int)`;
  const paid = [campaign, 'paid', '{instagram,tiktok}', '{us, mx}', 90, 25000, ' Skincare ', 30];
  const failure = async (persona: Parameters<typeof errorAs>[1], params: unknown[]) => {
    const e = await errorAs(ctx.db, persona, call, params);
    return [e.code, e.detail];
  };

  test('the owner sets a paid licence; codes are upper-cased and the category trimmed', async () => {
    const rows = await runSteps(ids.brand, [
      [call, paid],
      [`select usage_kind, usage_platforms, usage_territory, usage_term_days, usage_price_cents::int as price,
               exclusivity_category, exclusivity_days from app.campaigns where id = $1`, [campaign]],
    ]);
    expect(rows).toEqual([{ usage_kind: 'paid', usage_platforms: ['instagram', 'tiktok'], usage_territory: ['US', 'MX'],
      usage_term_days: 90, price: 25000, exclusivity_category: 'Skincare', exclusivity_days: 30 }]);
  });

  test('another brand and a creator are refused as not the owner; anon cannot call it', async () => {
    expect(await failure(as(ids.otherBrand), paid)).toEqual(['42501', 'not_owner']);
    expect(await failure(as(ids.creator), paid)).toEqual(['42501', 'not_owner']);
    expect((await errorAs(ctx.db, 'anon', call, paid)).code).toBe('42501');
  });

  test.each([0, 50, 99999999])('a paid licence priced %i cents is accepted (nothing to charge, or one payment carries it)', async (price) => {
    const rows = await runSteps(ids.brand, [
      [call, [campaign, 'paid', '{tiktok}', null, 30, price, null, null]],
      ['select usage_price_cents::text as price from app.campaigns where id = $1', [campaign]],
    ]);
    expect(rows).toEqual([{ price: String(price) }]);
  });

  test.each([
    ['zero term', [campaign, 'organic', '{}', null, 0, null, null, null], 'usage_term_invalid'],
    ['huge term', [campaign, 'organic', '{}', null, 3651, null, null, null], 'usage_term_invalid'],
    ['unknown kind', [campaign, 'forever', '{}', null, 30, null, null, null], 'usage_kind_invalid'],
    ['paid without platforms', [campaign, 'paid', '{}', null, 30, 100, null, null], 'usage_paid_needs_platforms'],
    ['paid without price', [campaign, 'paid', '{tiktok}', null, 30, null, null, null], 'usage_paid_needs_price'],
    // Under the minimum payment: agreed, it could never be funded on its own.
    ['paid at 1 cent', [campaign, 'paid', '{tiktok}', null, 30, 1, null, null], 'usage_paid_needs_price'],
    ['paid at 49 cents', [campaign, 'paid', '{tiktok}', null, 30, 49, null, null], 'usage_paid_needs_price'],
    ['paid over the maximum payment', [campaign, 'paid', '{tiktok}', null, 30, 100000000, null, null], 'usage_paid_needs_price'],
    ['organic with a price', [campaign, 'organic', '{}', null, 30, 100, null, null], 'usage_price_only_paid'],
    ['a bad platform', [campaign, 'paid', '{twitter}', null, 30, 100, null, null], 'usage_platforms_invalid'],
    ['a bad country', [campaign, 'organic', '{}', '{USA}', 30, null, null, null], 'usage_territory_invalid'],
    ['exclusivity without days', [campaign, 'organic', '{}', null, 30, null, 'Skincare', null], 'exclusivity_incomplete'],
    ['negative exclusivity days', [campaign, 'organic', '{}', null, 30, null, 'Skincare', -1], 'exclusivity_days_invalid'],
  ])('%s is refused with its own code', async (_name, params, code) => {
    expect(await failure(as(ids.brand), params)).toEqual(['22023', code]);
  });
});

describe('api.campaign_detail', () => {
  test('a creator reads the licence the campaign buys before applying', async () => {
    const [row] = await runSteps(ids.brand, [
      [`select api.set_campaign_usage_rights($1, 'paid', '{instagram,tiktok}', '{US}', 90, 30000, 'skincare', 30)`, [campaign]],
      [`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: ids.creator, role: 'authenticated' })]],
      ['select usage_rights, is_owner from api.campaign_detail($1)', [campaign]],
    ]);
    expect(row).toEqual({
      is_owner: false,
      usage_rights: { kind: 'paid', platforms: ['instagram', 'tiktok'], territory: ['US'], term_days: 90, price_cents: 30000,
        exclusivity_category: 'skincare', exclusivity_days: 30 },
    });
  });
});

const runSteps = (user: string, steps: Array<[string, unknown[]]>) => stepsAs(ctx.db, as(user), steps);
