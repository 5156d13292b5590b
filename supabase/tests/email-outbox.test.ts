import { describe, expect, test } from 'vitest';
import type { Queryable } from '../../testkit/runtime.ts';
import { accept, all, become, failsAs, hireScenes, ISABELLA, one, OUTSIDERS } from '../../testkit/db/hire-scene.ts';
import { as, errorAs, ids } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

// Issue 18, email: notifications a user wants by email are queued in the outbox with the act that caused
// them; the emails function claims, sends and records; preferences per category (and a daily digest for
// messages); a permanently refused address is marked and skipped. Scene: GlowLab hires Isabella.

const ctx = useSeededDatabase();
const scene = hireScenes(ctx);
const H = ISABELLA;

interface Queued { template: string; category: string; to_address: string; locale: string; status: string; data: Record<string, unknown> }

/** What the outbox holds for `who` beyond the seed's (already sent) emails. */
async function queued(q: Queryable, who: string): Promise<Queued[]> {
  await become(q, 'postgres');
  return all<Queued>(q, `select template, category, to_address, locale, status, data from app.email_outbox
    where user_id = $1 and status <> 'sent' order by created_at, id`, [who]);
}

async function claim(q: Queryable, batch = 50): Promise<Array<{ id: string; template: string; attempts: number }>> {
  await become(q, 'service_role');
  return all(q, `select id, template, attempts from api.email_claim($1)`, [batch]);
}

describe('queued with the act', () => {
  test('an acceptance queues one email to the creator, in her language, with what the email needs', async () => {
    await scene(async (q) => {
      await accept(q, H);
      const [email, ...rest] = await queued(q, H.creator);
      expect(rest).toEqual([]);
      expect(email).toMatchObject({
        template: 'application_accepted', category: 'applications', locale: 'es', status: 'pending',
        data: { campaign_title: 'Morning Glow Serum Launch', actor_name: 'GlowLab Skincare', application_id: H.app },
      });
      expect(email!.to_address).toMatch(/@demo\.test$/);
      // The brand, who acted, is not emailed.
      expect(await queued(q, H.brand)).toEqual([]);
    });
  });

  test('a creator who chose English gets English', async () => {
    await scene(async (q) => {
      await become(q, 'postgres');
      await q.query(`update app.profiles set language = 'en' where id = $1`, [H.creator]);
      await accept(q, H);
      expect((await queued(q, H.creator)).map((e) => e.locale)).toContain('en');
    });
  });

  test('a creator who reads Portuguese gets Portuguese (issue 37)', async () => {
    await scene(async (q) => {
      await become(q, H.creator);
      await q.query(`select api.set_my_language('pt')`);
      await accept(q, H);
      expect((await queued(q, H.creator)).map((e) => e.locale)).toEqual(['pt']);
    });
  });

  test('a category turned off queues nothing; turned off after queueing, the email is skipped at send time', async () => {
    await scene(async (q) => {
      await become(q, H.creator);
      await q.query(`select api.set_email_preferences(false, true, true, true, 'instant')`);
      await accept(q, H);
      expect(await queued(q, H.creator)).toEqual([]);

      await become(q, H.creator);
      await q.query(`select api.set_email_preferences(true, true, true, true, 'instant')`);
      await become(q, 'postgres');
      await q.query(`update app.applications set status = 'pending' where id = $1`, [H.app]);
      await q.query(`delete from app.escrows where application_id = $1`, [H.app]);
      await accept(q, H);
      expect((await queued(q, H.creator)).length).toBe(1);
      await become(q, H.creator);
      await q.query(`select api.set_email_preferences(false, true, true, true, 'instant')`);
      expect((await claim(q)).filter((c) => c.template === 'application_accepted')).toEqual([]);
      expect(await queued(q, H.creator)).toMatchObject([{ status: 'skipped' }]);
    });
  });

  test('messages: instant emails each burst; daily waits for the digest, once per day', async () => {
    await scene(async (q) => {
      await become(q, H.creator);
      await q.query(`select api.set_email_preferences(true, true, true, true, 'daily')`);
      await become(q, ids.brand);
      await q.query(`select api.send_message($1, 'Hola Isabella')`, [H.creator]);
      await q.query(`select api.send_message($1, '¿Tienes un minuto?')`, [H.creator]);
      await become(q, 'service_role');
      await q.query(`select app.notify_unread_messages(now() + interval '6 minutes')`);
      expect(await queued(q, H.creator)).toEqual([]);
      // On a fixed day: a digest is once per UTC day, so runs an hour apart must not straddle midnight.
      await become(q, 'postgres');
      await q.query(`update app.messages set created_at = '2030-01-01 10:00+00' where receiver_id = $1 and created_at = now()`, [H.creator]);
      await become(q, 'service_role');
      expect((await one<{ n: number }>(q, `select app.queue_message_digests('2030-01-01 13:00+00') n`)).n).toBe(1);
      expect((await one<{ n: number }>(q, `select app.queue_message_digests('2030-01-01 18:00+00') n`)).n).toBe(0);
      expect((await one<{ n: number }>(q, `select app.queue_message_digests('2030-01-02 09:00+00') n`)).n).toBe(1);
      expect((await queued(q, H.creator)).slice(0, 1)).toMatchObject([{
        template: 'message_digest', category: 'messages',
        data: { total: 2, conversations: [{ sender_id: ids.brand, sender_name: 'GlowLab Skincare', count: 2 }] },
      }]);
    });
  });
});

describe('sending', () => {
  test('a claimed email is held: a second run does not get it; sent is final', async () => {
    await scene(async (q) => {
      await accept(q, H);
      const first = await claim(q);
      expect(first.map((c) => c.template)).toContain('application_accepted');
      expect(first.every((c) => c.attempts === 1)).toBe(true);
      expect(await claim(q)).toEqual([]);
      const id = first.find((c) => c.template === 'application_accepted')!.id;
      await q.query(`select api.email_sent($1)`, [id]);
      await become(q, 'postgres');
      expect(await one(q, `select status, sent_at is not null as sent from app.email_outbox where id = $1`, [id])).toEqual({ status: 'sent', sent: true });
      // A run that died while holding a row: the row is claimed again once the hold lapses.
      await q.query(`update app.email_outbox set status = 'sending', locked_until = now() - interval '1 second' where id = $1`, [id]);
      expect((await claim(q)).map((c) => c.id)).toEqual([id]);
    });
  });

  test('a transient failure is retried later with a growing backoff, and given up after 8 attempts', async () => {
    await scene(async (q) => {
      await accept(q, H);
      const [c] = (await claim(q)).filter((x) => x.template === 'application_accepted');
      expect((await one<{ r: string }>(q, `select api.email_failed($1, 'connect ECONNREFUSED', false) r`, [c!.id])).r).toBe('retry');
      await become(q, 'postgres');
      const row = await one<{ status: string; wait: number; last_error: string }>(q,
        `select status, extract(epoch from next_attempt_at - now())::int as wait, last_error from app.email_outbox where id = $1`, [c!.id]);
      expect(row).toEqual({ status: 'pending', wait: 60, last_error: 'connect ECONNREFUSED' });
      // Not due yet: not claimed.
      expect(await claim(q)).toEqual([]);
      await become(q, 'postgres');
      await q.query(`update app.email_outbox set attempts = 7, next_attempt_at = now() where id = $1`, [c!.id]);
      await claim(q);
      expect((await one<{ r: string }>(q, `select api.email_failed($1, 'timeout', false) r`, [c!.id])).r).toBe('failed');
    });
  });

  test('a refused address fails at once, is marked, shown to its user, and skipped until they retry', async () => {
    await scene(async (q) => {
      await accept(q, H);
      const [c] = (await claim(q)).filter((x) => x.template === 'application_accepted');
      expect((await one<{ r: string }>(q, `select api.email_failed($1, '550 5.1.1 mailbox unavailable', true) r`, [c!.id])).r).toBe('failed');
      await become(q, H.creator);
      expect(await one(q, `select email_failure, email_failed_at is not null as failed from api.my_email_preferences()`))
        .toEqual({ email_failure: '550 5.1.1 mailbox unavailable', failed: true });
      // Nothing more is queued for that address.
      await become(q, ids.brand);
      await q.query(`select api.send_message($1, 'Hola')`, [H.creator]);
      await become(q, 'service_role');
      await q.query(`select app.notify_unread_messages(now() + interval '6 minutes')`);
      expect((await queued(q, H.creator)).map((e) => e.status)).toEqual(['failed']);
      // Another user does not see it; the user clears it.
      await become(q, OUTSIDERS.creator);
      expect(await one(q, `select email_failure from api.my_email_preferences()`)).toEqual({ email_failure: null });
      await become(q, H.creator);
      await q.query(`select api.retry_my_email_address()`);
      expect(await one(q, `select email_failure from api.my_email_preferences()`)).toEqual({ email_failure: null });
    });
  });
});

describe('preferences and who may do what', () => {
  test('defaults are on; a user reads and saves only their own', async () => {
    await scene(async (q) => {
      await become(q, H.creator);
      expect(await one(q, `select applications, work, payments, disputes_reviews, messages from api.my_email_preferences()`))
        .toEqual({ applications: true, work: true, payments: true, disputes_reviews: true, messages: 'instant' });
      await q.query(`select api.set_email_preferences(true, false, true, false, 'off')`);
      expect(await one(q, `select work, disputes_reviews, messages from api.my_email_preferences()`))
        .toEqual({ work: false, disputes_reviews: false, messages: 'off' });
      await become(q, OUTSIDERS.creator);
      expect(await one(q, `select work, messages from api.my_email_preferences()`)).toEqual({ work: true, messages: 'instant' });
      // RLS: the table shows only one's own row, and nobody writes another's.
      expect(await all(q, `select user_id from app.email_preferences`)).toEqual([]);
      await q.query('savepoint other');
      await expect(q.query(`insert into app.email_preferences (user_id, work) values ($1, true)`, [H.creator]))
        .rejects.toMatchObject({ code: '42501' });
      await q.query('rollback to savepoint other');
      await q.query(`update app.email_preferences set work = true where user_id = $1`, [H.creator]);
      await become(q, H.creator);
      expect(await one(q, `select work from api.my_email_preferences()`)).toEqual({ work: false });
    });
  });

  test("a user sees and clears only their own address's failure", async () => {
    await scene(async (q) => {
      await become(q, 'postgres');
      await q.query(`insert into app.email_failures (address, reason) select lower(email), '550' from app.profiles where id in ($1, $2)`,
        [H.creator, OUTSIDERS.creator]);
      await become(q, OUTSIDERS.creator);
      expect((await all(q, `select address from app.email_failures`)).length).toBe(1);
      await q.query(`delete from app.email_failures`);
      await become(q, 'postgres');
      expect((await all(q, `select address from app.email_failures where address in (select lower(email) from app.profiles where id = $1)`, [H.creator])).length).toBe(1);
    });
  });

  test('a bad messages choice is refused with a clear error', async () => {
    await scene(async (q) => {
      expect(await failsAs(q, H.creator, `select api.set_email_preferences(true, true, true, true, 'hourly')`))
        .toMatchObject({ code: '22023', message: 'Messages must be instant, daily or off' });
    });
  });

  test('the send functions and unsubscribe are the service role\'s only; anon reads no preferences', async () => {
    for (const sql of [`select * from api.email_claim(10)`, `select api.email_sent(gen_random_uuid())`,
      `select api.email_failed(gen_random_uuid(), 'x', true)`, `select api.email_unsubscribe('${H.creator}', 'work')`]) {
      for (const who of [H.creator, ids.brand, ids.admin]) {
        expect(await errorAs(ctx.db, as(who), sql), `${who}: ${sql}`).toMatchObject({ code: '42501' });
      }
    }
    expect(await errorAs(ctx.db, 'anon', `select * from api.my_email_preferences()`)).toMatchObject({ code: '42501' });
  });

  test('unsubscribe turns one category off and leaves the rest', async () => {
    await scene(async (q) => {
      await become(q, 'service_role');
      await q.query(`select api.email_unsubscribe($1, 'messages')`, [H.creator]);
      await q.query(`select api.email_unsubscribe($1, 'payments')`, [H.creator]);
      await become(q, H.creator);
      expect(await one(q, `select applications, work, payments, disputes_reviews, messages from api.my_email_preferences()`))
        .toEqual({ applications: true, work: true, payments: false, disputes_reviews: true, messages: 'off' });
    });
  });
});
