import { describe, expect, test } from 'vitest';
import { as, errorAs, ids, rowsAs, stepsAs } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

const ctx = useSeededDatabase();
const m = ids.message;

describe('messages table', () => {
  test('participants read their messages; nobody else, not even admins', async () => {
    const count = async (who: string) =>
      (await rowsAs<{ n: number }>(ctx.db, as(who), 'select count(*)::int n from app.messages'))[0]!.n;
    expect(await count(ids.creator)).toBe(5);
    expect(await count(ids.brand)).toBe(6);
    expect(await count(ids.creatorN(12))).toBe(0);
    expect(await count(ids.admin)).toBe(1);
    expect((await errorAs(ctx.db, 'anon', 'select 1 from app.messages')).code).toBe('42501');
    expect(await rowsAs(ctx.db, 'service_role', 'select count(*)::int n from app.messages')).toEqual([{ n: 10 }]);
  });
  test('sending only as yourself and only to allowed contacts', async () => {
    const ins = 'insert into app.messages (sender_id, receiver_id, content) values ($1, $2, $3) returning read';
    expect(await rowsAs(ctx.db, as(ids.creator), ins, [ids.creator, ids.otherBrand, 'Hola'])).toEqual([{ read: false }]);
    expect((await errorAs(ctx.db, as(ids.creator), ins, [ids.brand, ids.creator, 'spoof'])).code).toBe('42501');
    expect((await errorAs(ctx.db, as(ids.creator), ins, [ids.creator, ids.otherCreator, 'creator to creator'])).code).toBe('42501');
    expect((await errorAs(ctx.db, as(ids.brand), ins, [ids.brand, ids.otherBrand, 'brand to brand'])).code).toBe('42501');
    expect(await rowsAs(ctx.db, as(ids.admin), ins, [ids.admin, ids.creator, 'Hi from admin'])).toHaveLength(1);
    expect((await errorAs(ctx.db, as(ids.creator), ins, [ids.creator, ids.brand, ' '])).code).toBe('23514');
    expect((await errorAs(ctx.db, as(ids.creator), ins, [ids.creator, ids.brand, 'x'.repeat(4001)])).code).toBe('23514');
  });
  test('only the receiver marks read; content never changes', async () => {
    const upd = 'update app.messages set read = true where id = $1 returning id';
    expect(await rowsAs(ctx.db, as(ids.brand), upd, [m(5)])).toHaveLength(0);
    expect(await rowsAs(ctx.db, as(ids.otherCreator), upd, [m(5)])).toHaveLength(0);
    expect(await rowsAs(ctx.db, as(ids.creator), upd, [m(5)])).toHaveLength(1);
    expect((await errorAs(ctx.db, as(ids.creator), `update app.messages set content = 'x' where id = $1`, [m(5)])).code).toBe('42501');
    expect((await errorAs(ctx.db, as(ids.creator), 'delete from app.messages where id = $1', [m(5)])).code).toBe('42501');
  });
});

describe('messaging api', () => {
  test('contacts: latest conversation first, with preview and unread count', async () => {
    const rows = await rowsAs<Record<string, unknown>>(ctx.db, as(ids.brand), 'select contact_id, last_message, unread_count from api.contacts()');
    expect(rows).toEqual([
      { contact_id: ids.creator, last_message: 'It looks amazing! Approved. Could you also share a reel version?', unread_count: 0 },
      { contact_id: ids.admin, last_message: 'Welcome to the platform! Let us know if you need help setting up campaigns.', unread_count: 0 },
    ]);
    const creator = await rowsAs<Record<string, unknown>>(ctx.db, as(ids.creator), 'select contact_id, full_name, unread_count from api.contacts()');
    expect(creator).toEqual([{ contact_id: ids.brand, full_name: 'Jessica Parker', unread_count: 1 }]);
    expect(await rowsAs(ctx.db, as(ids.creatorN(12)), 'select * from api.contacts()')).toEqual([]);
  });
  test('conversation: newest first, keyset pages, only the caller side', async () => {
    const all = await rowsAs<{ id: string }>(ctx.db, as(ids.creator), 'select id from api.conversation($1)', [ids.brand]);
    expect(all.map((r) => r.id)).toEqual([m(5), m(4), m(3), m(2), m(1)]);
    const page1 = await rowsAs<{ id: string; created_at: Date }>(ctx.db, as(ids.creator), 'select id, created_at from api.conversation($1, page_size => 2)', [ids.brand]);
    const last = page1[1]!;
    const page2 = await rowsAs<{ id: string }>(ctx.db, as(ids.creator), 'select id from api.conversation($1, $2, $3, 2)', [ids.brand, last.created_at, last.id]);
    expect([...page1, ...page2].map((r) => r.id)).toEqual([m(5), m(4), m(3), m(2)]);
    expect(await rowsAs(ctx.db, as(ids.otherCreator), 'select id from api.conversation($1)', [ids.brand])).toEqual([]);
  });
  test('send_message: idempotent with client_id, validated, only allowed pairs', async () => {
    const clientId = '22222222-2222-4222-8222-222222222222';
    const rows = await stepsAs<{ id: string; n: number }>(ctx.db, as(ids.creator), [
      ['select id from api.send_message($1, $2, $3)', [ids.brand, '  ¡Hola!  ', clientId]],
      ['select set_config($1, (select id::text from api.send_message($2, $3, $4)), true)', ['test.second', ids.brand, 'retry', clientId]],
      [`select count(*)::int n, min(content) content, bool_and(id::text = current_setting('test.second')) same
        from app.messages where client_id = $1`, [clientId]],
    ]);
    expect(rows).toEqual([{ n: 1, content: '¡Hola!', same: true }]);
    const cases: Array<[string, string, string, string]> = [
      [ids.brand, '   ', '22023', 'Message cannot be empty'],
      [ids.brand, 'x'.repeat(4001), '22023', 'Message is too long (4000 characters at most)'],
      [ids.otherCreator, 'hola', '42501', 'You cannot message this user'],
      [ids.creator, 'yo', '42501', 'You cannot message this user'],
      ['00000000-0000-0000-0000-00000000dead', 'hola', 'PT404', 'Recipient not found'],
    ];
    for (const [to, text, code, message] of cases) {
      const e = await errorAs(ctx.db, as(ids.creator), 'select * from api.send_message($1, $2)', [to, text]);
      expect([e.code, e.message]).toEqual([code, message]);
    }
    expect((await errorAs(ctx.db, 'anon', 'select * from api.send_message($1, $2)', [ids.brand, 'hi'])).code).toBe('42501');
  });
  test('unread_count and mark_conversation_read', async () => {
    expect(await rowsAs(ctx.db, as(ids.creator), 'select api.unread_count() n')).toEqual([{ n: 1 }]);
    expect(await stepsAs(ctx.db, as(ids.creator), [
      ['select api.mark_conversation_read($1) changed', [ids.brand]],
    ])).toEqual([{ changed: 1 }]);
    expect(await stepsAs(ctx.db, as(ids.creator), [
      ['select api.mark_conversation_read($1)', [ids.brand]], ['select api.unread_count() n'],
    ])).toEqual([{ n: 0 }]);
    // The sender cannot mark their own sent messages read.
    expect(await stepsAs(ctx.db, as(ids.brand), [
      ['select api.mark_conversation_read($1) changed', [ids.creator]],
    ])).toEqual([{ changed: 0 }]);
    expect(await rowsAs(ctx.db, as(ids.otherBrand), 'select api.unread_count() n')).toEqual([{ n: 1 }]);
  });
});
