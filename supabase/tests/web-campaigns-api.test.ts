import { describe, expect, test } from 'vitest';
import { as, errorAs, ids, rowsAs, runAs, stepsAs } from '../../testkit/db/personas.ts';
import { becomeUser, withSearchCountCap } from '../../testkit/db/search-count-cap.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

const ctx = useSeededDatabase();

const countSql = 'select api.browse_campaigns_count($1, $2, $3) n';
const browseSql = 'select id from api.browse_campaigns(keyword => $1, content_type => $2, platform => $3, page_size => 100)';

/** The count and the rows browse returns for the same filters, as the given user. */
async function countAndRows(user: string, keyword: string | null, contentType: string | null, platform: string | null) {
  const [{ n }] = (await rowsAs<{ n: number }>(ctx.db, as(user), countSql, [keyword, contentType, platform])) as [{ n: number }];
  const rows = await rowsAs<{ id: string }>(ctx.db, as(user), browseSql, [keyword, contentType, platform]);
  return { n, rows: rows.length };
}

describe('api.browse_campaigns_count', () => {
  test('counts every active campaign when no filter is given (8 in the seed), for creators and brands', async () => {
    expect(await countAndRows(ids.creator, null, null, null)).toEqual({ n: 8, rows: 8 });
    expect(await countAndRows(ids.brand, null, null, null)).toEqual({ n: 8, rows: 8 });
    expect(await countAndRows(ids.admin, '  ', '', 'all')).toEqual({ n: 8, rows: 8 });
  });

  test('agrees with browse_campaigns for keyword (accent-insensitive), content type and platform', async () => {
    const cases: Array<[string | null, string | null, string | null, number]> = [
      ['RESENA', null, null, 1],
      ['CAFÉ', null, null, 1],
      ['cafe', 'reel', null, 1],
      [null, 'story', null, 1],
      [null, null, 'youtube', 4],
      [null, 'video', 'youtube', 2],
      ['100%', null, null, 0],
      [null, null, 'myspace', 0],
    ];
    for (const [keyword, type, platform, expected] of cases) {
      expect(await countAndRows(ids.creator, keyword, type, platform), JSON.stringify([keyword, type, platform])).toEqual({
        n: expected,
        rows: expected,
      });
    }
  });

  test('counts beyond one page of browse results', async () => {
    const n = await stepsAs<{ n: number }>(ctx.db, as(ids.brand), [
      [
        `select api.create_campaign('Bulk ' || g, 'Zanahoria bulk', 'post', '{instagram}', 'flat_fee', 500, now() + interval '5 days')
         from generate_series(1, 130) g`,
      ],
      [`select api.browse_campaigns_count('zanahoria') n`],
    ]);
    expect(n).toEqual([{ n: 130 }]);
  });

  test('with a keyword, stops counting after app.search_count_cap() + 1 matches (1,000 in production)', async () => {
    const [{ cap }] = (await rowsAs<{ cap: number }>(ctx.db, 'postgres', 'select app.search_count_cap() cap')) as [{ cap: number }];
    expect(cap).toBe(1000);
    const seen = await runAs(ctx.db, 'postgres', async (q) => {
      await withSearchCountCap(q, 2, ids.brand);
      const counts: number[] = [];
      for (const add of [2, 1, 2]) {
        await q.query(
          `select api.create_campaign('Bulk ' || g, 'Zanahoria bulk', 'post', '{instagram}', 'flat_fee', 500, now() + interval '5 days')
           from generate_series(1, $1::int) g`,
          [add],
        );
        await becomeUser(q, ids.creator);
        counts.push((await q.query<{ n: number }>(countSql, ['zanahoria', null, null])).rows[0]!.n);
        await becomeUser(q, ids.brand);
      }
      // Without a keyword the count is exact whatever the cap: the seed's 8 and these 5.
      counts.push((await q.query<{ n: number }>(countSql, [null, null, null])).rows[0]!.n);
      return counts;
    });
    expect(seen).toEqual([2, 3, 3, 13]);
  });

  test('does not count drafts, paused or completed campaigns, even for their owner', async () => {
    // GlowLab owns 5 campaigns, 2 of them active.
    const rows = await stepsAs<{ n: number }>(ctx.db, as(ids.brand), [
      [`select api.pause_campaign($1)`, [ids.campaign(1)]],
      [countSql, [null, null, null]],
    ]);
    expect(rows).toEqual([{ n: 7 }]);
  });

  test('anon may not count', async () => {
    expect((await errorAs(ctx.db, 'anon', countSql, [null, null, null])).code).toBe('42501');
  });

  test('service_role is not granted it (it is for signed-in users)', async () => {
    expect((await errorAs(ctx.db, 'service_role', countSql, [null, null, null])).code).toBe('42501');
  });
});
