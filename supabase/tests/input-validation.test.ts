import { describe, expect, test } from 'vitest';
import { as, errorAs, ids, rowsAs, runAs, stepsAs } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

// Issue 12, item 8: what users store is checked in the database, so the SPA and the /api facade (which
// both call these functions) get the same answer: http(s) links only, visible text where text is
// required, and campaign deadlines that are real dates in a sane range.

const ctx = useSeededDatabase();

/** Strings that look empty: whitespace and zero-width or other invisible characters only. */
const invisible = [
  '\u200B',
  '\u200C\u200D',
  ' \u2060 ',
  '\uFEFF',
  '\u200B \u200C\t\u200D\n\u2060\uFEFF',
  '\u00A0\u3000\u202F',
  '\u00AD\u180E\u3164',
];

const err = async (persona: Parameters<typeof errorAs>[1], sql: string, params: unknown[] = []) => {
  const e = await errorAs(ctx.db, persona, sql, params);
  return [e.code, e.detail];
};

describe('http(s) links only', () => {
  const brandSql = `select api.update_brand_profile('GlowLab', website => $1, logo_url => $2)`;
  const websiteOf = `select website, logo_url from app.brand_profiles where user_id = $1`;

  test('a brand website with another scheme is refused (website_invalid)', async () => {
    for (const url of ['javascript:alert(7)', 'JavaScript:alert(7)', ' javascript:alert(document.cookie)', 'data:text/html,<b>x</b>',
      'vbscript:msgbox(1)', 'javascript://%0Aalert(7)', 'ftp://glowlab.com', '//glowlab.com', 'file:///etc/passwd', 'https://', 'glow lab.com']) {
      expect(await err(as(ids.brand), brandSql, [url, null]), url).toEqual(['22023', 'website_invalid']);
    }
  });

  test('a website is stored as an absolute https link (a bare domain gains https://)', async () => {
    const cases: Array<[string | null, string | null]> = [
      ['https://glowlab.com/es?x=1#y', 'https://glowlab.com/es?x=1#y'],
      ['  http://glowlab.com  ', 'http://glowlab.com'],
      ['glowlab.com', 'https://glowlab.com'],
      ['www.glowlab.com.mx/tienda', 'https://www.glowlab.com.mx/tienda'],
      ['  ', null],
      [null, null],
    ];
    for (const [input, stored] of cases) {
      const rows = await stepsAs(ctx.db, as(ids.brand), [[brandSql, [input, null]], [websiteOf, [ids.brand]]]);
      expect(rows[0]!.website, String(input)).toBe(stored);
    }
  });

  test('update_brand_profile takes no logo: any value is refused (logo_url_not_accepted), null keeps the logo set by set_my_logo', async () => {
    for (const url of ['javascript:alert(7)', 'data:image/svg+xml,<svg onload=alert(7)>', 'https://cdn.example.com/logo.png', '']) {
      expect(await err(as(ids.brand), brandSql, [null, url]), url).toEqual(['22023', 'logo_url_not_accepted']);
    }
    const row = await runAs(ctx.db, 'postgres', async (q) => {
      await q.query(`update app.brand_profiles set logo_url = 'https://cdn.example.com/kept.png' where user_id = $1`, [ids.brand]);
      await q.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: ids.brand, role: 'authenticated' })]);
      await q.query('set local role authenticated');
      await q.query(brandSql, ['glowlab.com', null]);
      return (await q.query(websiteOf, [ids.brand])).rows[0];
    });
    expect(row).toMatchObject({ website: 'https://glowlab.com', logo_url: 'https://cdn.example.com/kept.png' });
  });

  test('the tables refuse javascript: links too, whoever writes them', async () => {
    for (const sql of [
      `update app.brand_profiles set website = 'javascript:alert(7)' where user_id = $1`,
      `update app.brand_profiles set logo_url = 'javascript:alert(7)' where user_id = $1`,
      `update app.profiles set avatar_url = 'javascript:alert(7)' where id = $1`,
    ]) {
      expect((await errorAs(ctx.db, 'postgres', sql, [ids.brand])).code, sql).toBe('23514');
    }
    // The seed's bare domain and real links stay valid.
    expect(await rowsAs(ctx.db, 'postgres', `update app.profiles set avatar_url = 'https://cdn.example.com/a.png' where id = $1 returning 1`, [ids.brand]))
      .toHaveLength(1);
  });

  test('content URLs keep their http(s) rule', async () => {
    expect(await err(as(ids.creator), `select api.update_deliverable($1, 'javascript:alert(7)')`, [ids.deliverable(2)]))
      .toEqual(['22023', 'content_url_invalid']);
  });
});

describe('visible text required', () => {
  test('a message of invisible characters only is refused (content_required)', async () => {
    for (const text of invisible) {
      expect(await err(as(ids.creator), 'select * from api.send_message($1, $2)', [ids.brand, text]), JSON.stringify(text))
        .toEqual(['22023', 'content_required']);
    }
    // Zero-width characters inside real text are fine (emoji sequences use U+200D).
    const rows = await rowsAs<{ content: string }>(ctx.db, as(ids.creator), 'select content from api.send_message($1, $2)', [ids.brand, '👩\u200D💻 hola']);
    expect(rows[0]!.content).toBe('👩\u200D💻 hola');
  });

  test('the messages table refuses invisible-only content too', async () => {
    const e = await errorAs(ctx.db, 'postgres', `insert into app.messages (sender_id, receiver_id, content) values ($1, $2, $3)`,
      [ids.creator, ids.brand, '\u200B\u200B']);
    expect(e.code).toBe('23514');
  });

  test('a pitch of invisible characters only is refused (pitch_required)', async () => {
    for (const text of invisible) {
      expect(await err(as(ids.creator), 'select api.apply_to_campaign($1, $2)', [ids.campaign(11), text])).toEqual(['22023', 'pitch_required']);
    }
  });

  test('a campaign title or description of invisible characters only is refused', async () => {
    const sql = `select api.create_campaign($1, $2, 'video', '{tiktok}', 'flat_fee', 0, now() + interval '7 days')`;
    for (const text of invisible) {
      expect(await err(as(ids.brand), sql, [text, 'Describe it'])).toEqual(['22023', 'title_required']);
      expect(await err(as(ids.brand), sql, ['Title', text])).toEqual(['22023', 'description_required']);
    }
    const upd = `select api.update_campaign($1, $2, 'Desc', 'video', '{tiktok}', 'flat_fee', 0, now() + interval '7 days')`;
    expect(await err(as(ids.brand), upd, [ids.campaign(1), '\u200B'])).toEqual(['22023', 'title_required']);
  });

  test('a full name of invisible characters is refused; an invisible bio is cleared', async () => {
    for (const name of ['\u200B\u200B', 'A\u200B', '\u2060 \uFEFF']) {
      expect(await err(as(ids.creator), `select api.update_account($1, 'sofia.rios', null)`, [name])).toEqual(['22023', 'full_name_invalid']);
    }
    expect(await err(as(ids.admin), `select api.admin_update_user($1, $2, 'sofia.rios', 'creator')`, [ids.creator, '\u200B\u200C\u200D']))
      .toEqual(['22023', 'full_name_invalid']);
    const rows = await stepsAs(ctx.db, as(ids.creator), [
      [`select api.update_account('Sofía', 'sofia.rios', $1)`, ['\u200B \u200D']],
      [`select bio from api.current_profile()`],
    ]);
    expect(rows).toEqual([{ bio: null }]);
  });

  test('a company name of invisible characters only is refused (company_name_required)', async () => {
    expect(await err(as(ids.brand), `select api.update_brand_profile($1)`, ['\u200B\uFEFF'])).toEqual(['22023', 'company_name_required']);
  });

  test('review feedback of invisible characters only is stored as no feedback', async () => {
    const rows = await stepsAs(ctx.db, as(ids.brand), [
      [`select api.review_deliverable($1, 'approved', $2)`, [ids.deliverable(2), '\u200B\u200B']],
      [`select feedback from app.deliverables where id = $1`, [ids.deliverable(2)]],
    ]);
    expect(rows).toEqual([{ feedback: null }]);
  });

  test('a request for changes or a rejection of invisible characters only is refused (feedback_required, reason_required)', async () => {
    expect(await err(as(ids.brand), `select api.review_deliverable($1, 'changes_requested', $2)`, [ids.deliverable(2), '\u200B '])).toEqual(['22023', 'feedback_required']);
    expect(await err(as(ids.brand), `select api.review_deliverable($1, 'rejected', $2)`, [ids.deliverable(2), '\u200B'])).toEqual(['22023', 'reason_required']);
  });
});

describe('campaign deadlines: finite, not in the past, at most about two years ahead', () => {
  // $500: a published flat fee needs at least the minimum (issue 30, item 8).
  const createSql = `select api.create_campaign('Title', 'Desc', 'video', '{tiktok}', 'flat_fee', 50000, $1::timestamptz)`;
  const updateSql = `select api.update_campaign($1, 'Title', 'Desc', 'video', '{tiktok}', 'flat_fee', 0, $2::timestamptz)`;

  test('infinity and -infinity are refused (deadline_invalid)', async () => {
    for (const d of ['infinity', '-infinity']) {
      expect(await err(as(ids.brand), createSql, [d]), d).toEqual(['22023', 'deadline_invalid']);
      expect(await err(as(ids.brand), updateSql, [ids.campaign(1), d]), d).toEqual(['22023', 'deadline_invalid']);
    }
  });

  test('more than two years ahead is refused (deadline_too_far)', async () => {
    for (const d of ['9999-12-31T00:00:00Z', new Date(Date.now() + 86400e3 * 740).toISOString()]) {
      expect(await err(as(ids.brand), createSql, [d]), d).toEqual(['22023', 'deadline_too_far']);
      expect(await err(as(ids.brand), updateSql, [ids.campaign(1), d]), d).toEqual(['22023', 'deadline_too_far']);
    }
    // Just under two years is fine.
    expect(await rowsAs(ctx.db, as(ids.brand), createSql, [new Date(Date.now() + 86400e3 * 725).toISOString()])).toHaveLength(1);
  });

  test('long past dates are refused on create and when an edit moves the deadline (deadline_past)', async () => {
    for (const d of ['1970-01-01T00:00:00Z', '0001-01-01T00:00:00Z', new Date(Date.now() - 86400e3 * 3).toISOString()]) {
      expect(await err(as(ids.brand), createSql, [d]), d).toEqual(['22023', 'deadline_past']);
      expect(await err(as(ids.brand), updateSql, [ids.campaign(1), d]), d).toEqual(['22023', 'deadline_past']);
    }
  });

  test('an edit that keeps a deadline that has passed is still allowed', async () => {
    // Campaign 4 (completed) is 5 days overdue in the seed.
    const rows = await stepsAs(ctx.db, as(ids.brand), [
      [`select api.update_campaign($1, 'Renamed', 'Desc', 'video', '{tiktok}', 'flat_fee', 0, (select deadline from app.campaigns where id = $1))`, [ids.campaign(4)]],
      [`select title from app.campaigns where id = $1`, [ids.campaign(4)]],
    ]);
    expect(rows).toEqual([{ title: 'Renamed' }]);
    // The SPA sends the end of the shown day, and a brand may move an overdue deadline later; not earlier.
    const endOfDay = `(select date_trunc('day', deadline) + interval '23 hours 59 minutes' from app.campaigns where id = $1)`;
    expect(await stepsAs(ctx.db, as(ids.brand), [
      [`select api.update_campaign($1, 'Renamed', 'Desc', 'video', '{tiktok}', 'flat_fee', 0, ${endOfDay})`, [ids.campaign(4)]],
      [`select api.update_campaign($1, 'Renamed', 'Desc', 'video', '{tiktok}', 'flat_fee', 0, now() - interval '2 days')`, [ids.campaign(4)]],
    ])).toHaveLength(1);
    expect(await err(as(ids.brand), `select api.update_campaign($1, 'Renamed', 'Desc', 'video', '{tiktok}', 'flat_fee', 0, now() - interval '9 days')`, [ids.campaign(4)]))
      .toEqual(['22023', 'deadline_past']);
  });

  test('the campaigns table refuses infinite and absurd deadlines too', async () => {
    for (const d of ['infinity', '-infinity', '9999-01-01', '0001-01-01']) {
      const e = await errorAs(ctx.db, 'postgres', `update app.campaigns set deadline = $2::timestamptz where id = $1`, [ids.campaign(1), d]);
      expect(e.code, d).toBe('23514');
    }
  });
});
