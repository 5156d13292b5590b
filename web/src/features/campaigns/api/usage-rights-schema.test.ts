import { describe, expect, test } from 'vitest';
import { toUsageRightsArgs, usageRightsFormValues, usageRightsMessages as m, usageRightsSchema, type UsageRightsFormValues } from './usage-rights-schema';

const organic: UsageRightsFormValues = {
  kind: 'organic', platforms: [], territory: '', termDays: '365', price: '', exclusivityCategory: '', exclusivityDays: '',
};
const paid: UsageRightsFormValues = {
  kind: 'paid', platforms: ['instagram', 'tiktok'], territory: 'us, mx', termDays: '90', price: '250.00',
  exclusivityCategory: 'Skincare', exclusivityDays: '30',
};
const errors = (v: UsageRightsFormValues) => {
  const r = usageRightsSchema.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('usage rights schema', () => {
  test('organic worldwide and a full paid licence pass', () => {
    expect(errors(organic)).toEqual([]);
    expect(errors(paid)).toEqual([]);
  });

  test.each([
    ['zero term', { ...organic, termDays: '0' }, [['termDays', m.termNotPositive]]],
    ['negative term', { ...organic, termDays: '-5' }, [['termDays', m.termNotPositive]]],
    ['no term', { ...organic, termDays: '' }, [['termDays', m.term]]],
    ['a fractional term', { ...organic, termDays: '1.5' }, [['termDays', m.term]]],
    ['huge term', { ...organic, termDays: '3651' }, [['termDays', m.term]]],
    ['paid without platforms', { ...paid, platforms: [] }, [['platforms', m.platforms]]],
    ['paid on facebook', { ...paid, platforms: ['facebook'] }, [['platforms', m.platforms]]],
    ['paid without price', { ...paid, price: '' }, [['price', m.price]]],
    ['paid at 1 cent', { ...paid, price: '0.01' }, [['price', m.priceChargeable]]],
    ['paid at 49 cents', { ...paid, price: '0,49' }, [['price', m.priceChargeable]]],
    ['paid over the largest payment', { ...paid, price: '1,000,000.00' }, [['price', m.priceChargeable]]],
    ['a three-letter country', { ...organic, territory: 'USA' }, [['territory', m.territory]]],
    ['exclusivity without days', { ...organic, exclusivityCategory: 'Skincare' }, [['exclusivityCategory', m.exclusivityIncomplete]]],
    ['zero exclusivity days', { ...paid, exclusivityDays: '0' }, [['exclusivityDays', m.exclusivityDays]]],
  ])('%s is refused', (_name, values, expected) => {
    expect(errors(values)).toEqual(expected);
  });

  test.each(['0', '0.00', '0.50', '999,999.99'])('a paid licence at %s passes (nothing to charge, or one payment carries it)', (price) => {
    expect(errors({ ...paid, price })).toEqual([]);
  });

  test('a stored licence gives the form back what was typed', () => {
    expect(usageRightsFormValues({ kind: 'paid', platforms: ['instagram', 'tiktok'], territory: ['US', 'MX'], term_days: 90, price_cents: 25000, exclusivity_category: 'Skincare', exclusivity_days: 30 }))
      .toEqual({ ...paid, territory: 'US, MX', price: '250' });
    expect(usageRightsFormValues(null)).toEqual(organic);
  });

  test('the api arguments: cents, upper-case codes, null for worldwide and no exclusivity', () => {
    expect(toUsageRightsArgs('c1', paid)).toEqual({
      campaign_id: 'c1', usage_kind: 'paid', usage_platforms: ['instagram', 'tiktok'], usage_territory: ['US', 'MX'],
      usage_term_days: 90, usage_price_cents: 25000, exclusivity_category: 'Skincare', exclusivity_days: 30,
    });
    expect(toUsageRightsArgs('c1', organic)).toMatchObject({ usage_platforms: [], usage_territory: null, usage_price_cents: null, exclusivity_category: null, exclusivity_days: null });
  });
});
