import { describe, expect, test } from 'vitest';
import { errorAs, ids, rowsAs } from '../../testkit/db/personas.ts';
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
