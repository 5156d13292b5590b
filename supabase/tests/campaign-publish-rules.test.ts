import { describe, expect, test } from 'vitest';
import { as, errorAs, ids, rowsAs, stepsAs } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

// Issue 30, item 8: a flat-fee campaign with $0.00 and a deadline of today could be published as active
// with the form's defaults. A published (active) flat-fee campaign now pays at least the amount that
// leaves the creator $1.00 after the platform fee, and ends after today (at least 24 hours away: the SPA
// sends the end of the picked day in the brand's time zone).

const ctx = useSeededDatabase();
const draft = ids.campaign(5); // GlowLab draft
const active = ids.campaign(1); // GlowLab active
const paused = ids.campaign(3); // GlowLab paused

const day = 86400e3;
const inDays = (n: number) => new Date(Date.now() + n * day).toISOString();
/** The end of today in UTC: what the form sends for "today" from a brand in UTC. */
const endOfTodayUtc = () => { const d = new Date(); d.setUTCHours(23, 59, 59, 0); return d.toISOString(); };

const createSql = `select api.create_campaign('Launch', 'Describe it', 'video', '{tiktok}', $1, $2::bigint, $3::timestamptz, null, $4) id`;
const updateSql = `select api.update_campaign($1, 'Launch', 'Describe it', 'video', '{tiktok}', $2, $3::bigint, $4::timestamptz, null, $5)`;
const failure = async (sql: string, params: unknown[]) => {
  const e = await errorAs(ctx.db, as(ids.brand), sql, params);
  return [e.code, e.detail, e.message];
};
const tooLow = ['22023', 'compensation_below_minimum',
  'A flat fee must be at least $1.17, so the creator receives at least $1.00 after the platform fee'];
const tooSoon = ['22023', 'deadline_too_soon', 'The deadline must be after today'];

describe('publishing a flat-fee campaign', () => {
  test('$0.00 is refused on create (the form\'s old default)', async () => {
    expect(await failure(createSql, ['flat_fee', 0, inDays(7), 'active'])).toEqual(tooLow);
  });

  test('the minimum follows the fee: $1.17 at 15% (net $1.00) is published, $1.16 (net $0.99) is not', async () => {
    expect(await failure(createSql, ['flat_fee', 116, inDays(7), 'active'])).toEqual(tooLow);
    expect(await rowsAs(ctx.db, as(ids.brand), createSql, ['flat_fee', 117, inDays(7), 'active'])).toHaveLength(1);
    const [net] = await rowsAs<{ net: string }>(ctx.db, 'postgres', `select 117 - app.platform_fee(117, 1500) as net`);
    expect(Number(net!.net)).toBe(100);
  });

  test('at a 50% fee the minimum is $1.99, told in the message, and api.campaign_rules says so', async () => {
    const rows = await stepsAs<{ code: string }>(ctx.db, 'postgres', [
      [`update app.platform_settings set fee_bps = 5000`],
      [`select set_config('request.jwt.claims', json_build_object('sub', $1::text, 'role', 'authenticated')::text, true)`, [ids.brand]],
      [`set local role authenticated`],
      [`select * from api.campaign_rules()`],
    ]);
    expect(rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)])))).toEqual([
      { fee_bps: 5000, minimum_net_cents: 100, minimum_flat_fee_cents: 199 },
    ]);
    const at50 = await stepsAs(ctx.db, 'postgres', [
      [`select app.minimum_flat_fee_cents(5000) as m, 199 - app.platform_fee(199, 5000) as net199, 198 - app.platform_fee(198, 5000) as net198`],
    ]);
    expect(at50.map((r) => Object.values(r).map(Number))).toEqual([[199, 100, 99]]);
  });

  test('the minimum is exact at every fee the settings allow', async () => {
    const rows = await rowsAs<{ bad: number }>(ctx.db, 'postgres', `
      select count(*)::int as bad from generate_series(0, 5000) b
      where app.minimum_flat_fee_cents(b) - app.platform_fee(app.minimum_flat_fee_cents(b), b) <> 100
         or app.minimum_flat_fee_cents(b) - 1 - app.platform_fee(app.minimum_flat_fee_cents(b) - 1, b) >= 100`);
    expect(rows).toEqual([{ bad: 0 }]);
  });

  test('a deadline of today or in the past is refused; tomorrow is published', async () => {
    expect(await failure(createSql, ['flat_fee', 50000, endOfTodayUtc(), 'active'])).toEqual(tooSoon);
    expect(await failure(createSql, ['flat_fee', 50000, inDays(0.5), 'active'])).toEqual(tooSoon);
    expect(await failure(createSql, ['flat_fee', 50000, new Date().toISOString(), 'active'])).toEqual(tooSoon);
    // Within the old day of slack for the past: refused by the new rule.
    expect(await failure(createSql, ['flat_fee', 50000, inDays(-0.5), 'active'])).toEqual(tooSoon);
    // Further in the past: the old rule answers first.
    expect((await failure(createSql, ['flat_fee', 50000, inDays(-3), 'active']))[1]).toBe('deadline_past');
    expect(await rowsAs(ctx.db, as(ids.brand), createSql, ['flat_fee', 50000, inDays(1.01), 'active'])).toHaveLength(1);
  });

  test('a draft may hold $0 and today (work in progress); publishing it is refused until both are fixed', async () => {
    const rows = await stepsAs<{ status: string }>(ctx.db, as(ids.brand), [
      [`select set_config('test.id', (${createSql.replace(' id', '')})::text, true)`, ['flat_fee', 0, endOfTodayUtc(), 'draft']],
      [`select status from app.campaigns where id = current_setting('test.id')::uuid`],
    ]);
    expect(rows).toEqual([{ status: 'draft' }]);
    expect(await failure(updateSql, [draft, 'flat_fee', 0, inDays(7), 'active'])).toEqual(tooLow);
    expect(await failure(updateSql, [draft, 'flat_fee', 50000, endOfTodayUtc(), 'active'])).toEqual(tooSoon);
    expect(await stepsAs(ctx.db, as(ids.brand), [
      [updateSql, [draft, 'flat_fee', 50000, inDays(7), 'active']],
      [`select status, compensation_cents::int as cents from app.campaigns where id = $1`, [draft]],
    ])).toEqual([{ status: 'active', cents: 50000 }]);
  });

  test('resuming a paused campaign publishes it again: the same rules', async () => {
    expect(await failure(updateSql, [paused, 'flat_fee', 100, inDays(7), 'active'])).toEqual(tooLow);
    expect(await stepsAs(ctx.db, as(ids.brand), [
      [updateSql, [paused, 'flat_fee', 30000, inDays(7), 'active']],
      [`select status from app.campaigns where id = $1`, [paused]],
    ])).toEqual([{ status: 'active' }]);
  });

  test('an active campaign cannot be edited down to $0 or to end today', async () => {
    expect(await failure(updateSql, [active, 'flat_fee', 0, inDays(7), null])).toEqual(tooLow);
    expect(await failure(updateSql, [active, 'flat_fee', 50000, endOfTodayUtc(), null])).toEqual(tooSoon);
  });

  test('product exchange and performance campaigns may offer $0 (no fee-bearing amount); the deadline rule holds', async () => {
    for (const type of ['product', 'performance']) {
      expect(await rowsAs(ctx.db, as(ids.brand), createSql, [type, 0, inDays(7), 'active']), type).toHaveLength(1);
      expect(await failure(createSql, [type, 0, endOfTodayUtc(), 'active']), type).toEqual(tooSoon);
    }
  });

  test('api.campaign_rules: signed-in users read it, anon cannot', async () => {
    expect(await rowsAs(ctx.db, as(ids.creator), `select minimum_flat_fee_cents::int as m from api.campaign_rules()`)).toEqual([{ m: 117 }]);
    expect((await errorAs(ctx.db, 'anon', `select * from api.campaign_rules()`)).code).toBe('42501');
  });
});
