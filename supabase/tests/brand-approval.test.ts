import { describe, expect, test } from 'vitest';
import { as, errorAs, ids, rowsAs, runAs, type Persona } from '../../testkit/db/personas.ts';
import type { Queryable } from '../../testkit/runtime.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

// Issue 32, item 2 (decision 0036): brands sign up on their own; publishing waits for approval by an admin
// or by the domain rule, computed from the confirmed email and the website.

const ctx = useSeededDatabase();

const newBrand = '00000000-0000-0000-0000-0000000b5001';
const brandMeta = (website: string) => ({ role: 'brand', company_name: 'Nova Labs', website, full_name: 'Nova Labs' });
const deadline = () => new Date(Date.now() + 10 * 86_400_000).toISOString();

/** Inserts an Auth user as GoTrue does (postgres); `confirmed` sets email_confirmed_at. */
async function signUp(q: Queryable, id: string, email: string, meta: object, opts: { confirmed?: boolean; appMeta?: object } = {}) {
  await q.query(
    `insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $5, $3, $4, now(), now())`,
    [id, email, JSON.stringify({ provider: 'email', providers: ['email'], ...(opts.appMeta ?? {}) }), JSON.stringify(meta), opts.confirmed === false ? null : new Date().toISOString()],
  );
}

/** Switches the transaction to a persona (or back to postgres). */
async function become(q: Queryable, persona: Persona) {
  await q.query('reset role');
  const role = typeof persona === 'string' ? persona : 'authenticated';
  const claims = typeof persona === 'string' ? { role } : { sub: persona.user, role, aud: 'authenticated' };
  await q.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
  if (role !== 'postgres') await q.query(`set local role ${role}`);
}

async function failure(q: Queryable, sql: string, params: unknown[] = []): Promise<[string, string | undefined]> {
  await q.query('savepoint s');
  try {
    await q.query(sql, params);
  } catch (e) {
    await q.query('rollback to savepoint s');
    const pg = e as { code: string; detail?: string };
    return [pg.code, pg.detail];
  }
  throw new Error(`expected an error from: ${sql}`);
}

const approvalOf = async (q: Queryable, id: string) =>
  (await q.query<{ status: string; method: string | null }>('select status, method from app.brand_approvals where user_id = $1', [id])).rows[0];

const createCampaign = (status: 'draft' | 'active') =>
  `select api.create_campaign('Spring launch', 'Show our serum in a 30 second reel', 'video', array['instagram'], 'flat_fee', 50000, '${deadline()}'::timestamptz, null, '${status}')`;

describe('the domain rule', () => {
  test.each([
    ['ana@glowlab.com', 'https://www.glowlab.com', true],
    ['ana@glowlab.com', 'https://glowlab.com/es', true],
    ['ana@GlowLab.COM', 'glowlab.com', true],
    ['ana@mail.glowlab.com', 'https://shop.glowlab.com:8443/x', true],
    ['ana@glowlab.com.mx', 'https://www.glowlab.com.mx', true],
    ['ana@glowlab.com', 'https://glowlab.com.evil.io', false],
    ['ana@glowlab.com.evil.io', 'https://glowlab.com', false],
    ['ana@evil-glowlab.com', 'https://glowlab.com', false],
    ['ana@glowlab.co', 'https://glowlab.com', false],
    ['ana@other.com.mx', 'https://glowlab.com.mx', false],
    ['ana@gmail.com', 'https://gmail.com', false],
    ['ana@outlook.com', 'https://www.outlook.com', false],
    ['ana@yahoo.com.mx', 'https://yahoo.com.mx', false],
    ['ana@myshopify.com', 'https://glowlab.myshopify.com', false],
    ['ana@glowlab.myshopify.com', 'https://glowlab.myshopify.com', true],
    ['ana@glowlab.com', null, false],
    ['ana@glowlab.com', 'https://192.168.0.1', false],
    ['ana@com', 'https://com', false],
    ['not-an-email', 'https://glowlab.com', false],
    ['a@b@glowlab.com', 'https://glowlab.com', false],
  ])('%s with %s: %s', async (email, website, expected) => {
    expect(await rowsAs(ctx.db, 'postgres', 'select app.brand_domain_matches($1, $2) ok', [email, website])).toEqual([{ ok: expected }]);
  });
});

describe('sign-up', () => {
  test('metadata may ask for creator or brand only: "admin" becomes a creator', async () => {
    const role = await runAs(ctx.db, 'postgres', async (q) => {
      await signUp(q, newBrand, 'sneaky@nova.test', { role: 'admin', username: 'sneaky', full_name: 'Sneaky One', tiktok_handle: 'sneaky' });
      return (await q.query<{ role: string }>('select role from app.profiles where id = $1', [newBrand])).rows[0]!.role;
    });
    expect(role).toBe('creator');
  });

  test('a brand needs a company name and a website', async () => {
    await runAs(ctx.db, 'postgres', async (q) => {
      expect(await failure(q, `insert into auth.users (id, email, raw_user_meta_data) values ($1, 'x@nova.test', $2)`, [newBrand, JSON.stringify({ role: 'brand', company_name: 'Nova Labs' })])).toEqual(['22023', 'website_required']);
      expect(await failure(q, `insert into auth.users (id, email, raw_user_meta_data) values ($1, 'x@nova.test', $2)`, [newBrand, JSON.stringify({ role: 'brand', website: 'https://nova.test' })])).toEqual(['22023', 'company_name_required']);
      expect(await failure(q, `insert into auth.users (id, email, raw_user_meta_data) values ($1, 'x@nova.test', $2)`, [newBrand, JSON.stringify(brandMeta('javascript:alert(1)'))])).toEqual(['22023', 'website_invalid']);
    });
  });

  test('a self-signed-up brand starts pending; the admins are told once its address is confirmed', async () => {
    await runAs(ctx.db, 'postgres', async (q) => {
      await signUp(q, newBrand, 'ana@novalabs.io', brandMeta('https://www.nova-labs.com'), { confirmed: false });
      const brand = (await q.query('select p.role, b.company_name, b.website from app.profiles p join app.brand_profiles b on b.user_id = p.id where p.id = $1', [newBrand])).rows;
      expect(brand).toEqual([{ role: 'brand', company_name: 'Nova Labs', website: 'https://www.nova-labs.com' }]);
      expect(await approvalOf(q, newBrand)).toEqual({ status: 'pending', method: null });
      const waiting = `select count(*)::int n from app.email_outbox where template = 'brand_waiting' and data ->> 'brand_id' = $1`;
      expect((await q.query(waiting, [newBrand])).rows).toEqual([{ n: 0 }]);
      await q.query('update auth.users set email_confirmed_at = now() where id = $1', [newBrand]);
      expect(await approvalOf(q, newBrand)).toEqual({ status: 'pending', method: null });
      const admins = (await q.query<{ n: number }>(`select count(*)::int n from app.profiles where role = 'admin'`)).rows[0]!.n;
      expect(admins).toBeGreaterThan(0);
      expect((await q.query(waiting, [newBrand])).rows).toEqual([{ n: admins }]);
      const mail = (await q.query(`select category, locale, to_address, data ->> 'company' company from app.email_outbox where template = 'brand_waiting' and user_id = $1`, [ids.admin])).rows;
      expect(mail).toEqual([{ category: 'account', locale: 'en', to_address: 'admin@demo.test', company: 'Nova Labs' }]);
      // Confirming again (an email change) does not tell them twice.
      await q.query('update auth.users set email_confirmed_at = now() where id = $1', [newBrand]);
      expect((await q.query(waiting, [newBrand])).rows).toEqual([{ n: admins }]);
    });
  });

  test('the domain rule approves only once the address is confirmed', async () => {
    await runAs(ctx.db, 'postgres', async (q) => {
      await signUp(q, newBrand, 'ana@novalabs.com', brandMeta('https://www.novalabs.com'), { confirmed: false });
      expect(await approvalOf(q, newBrand)).toEqual({ status: 'pending', method: null });
      await q.query('update auth.users set email_confirmed_at = now() where id = $1', [newBrand]);
      expect(await approvalOf(q, newBrand)).toEqual({ status: 'approved', method: 'domain' });
      expect((await q.query(`select count(*)::int n from app.email_outbox where data ->> 'brand_id' = $1`, [newBrand])).rows).toEqual([{ n: 0 }]);
    });
  });

  test('a confirmed sign-up on a matching domain is approved at once; a free-mail one is not', async () => {
    await runAs(ctx.db, 'postgres', async (q) => {
      await signUp(q, newBrand, 'ana@novalabs.com', brandMeta('novalabs.com'));
      expect(await approvalOf(q, newBrand)).toEqual({ status: 'approved', method: 'domain' });
    });
    await runAs(ctx.db, 'postgres', async (q) => {
      await signUp(q, newBrand, 'ana@gmail.com', brandMeta('https://gmail.com'));
      expect(await approvalOf(q, newBrand)).toEqual({ status: 'pending', method: null });
    });
  });

  test('a pending brand that changes its website to its email domain is approved by the rule', async () => {
    await runAs(ctx.db, 'postgres', async (q) => {
      await signUp(q, newBrand, 'ana@novalabs.com', brandMeta('https://nova.example.org'));
      expect(await approvalOf(q, newBrand)).toEqual({ status: 'pending', method: null });
      await become(q, as(newBrand));
      await q.query(`select api.update_brand_profile('Nova Labs', 'https://novalabs.com', null, null, null, null)`);
      await become(q, 'postgres');
      expect(await approvalOf(q, newBrand)).toEqual({ status: 'approved', method: 'domain' });
    });
  });

  test('brands made by an admin (app_metadata) and every seeded brand are approved', async () => {
    expect(await rowsAs(ctx.db, 'postgres', `select count(*)::int n from app.profiles p left join app.brand_approvals a on a.user_id = p.id where p.role = 'brand' and a.status is distinct from 'approved'`)).toEqual([{ n: 0 }]);
    await runAs(ctx.db, 'postgres', async (q) => {
      await signUp(q, newBrand, 'made@gmail.com', { full_name: 'Made Brand', company_name: 'Made' }, { appMeta: { role: 'brand' } });
      expect(await approvalOf(q, newBrand)).toEqual({ status: 'approved', method: 'admin_created' });
    });
  });
});

describe('who may read and write the approval', () => {
  test('no API role reads or writes app.brand_approvals directly', async () => {
    for (const p of [as(ids.brand), as(ids.creator), as(ids.admin)]) {
      expect((await errorAs(ctx.db, p, 'select * from app.brand_approvals')).code).toBe('42501');
      expect((await errorAs(ctx.db, p, `update app.brand_approvals set status = 'approved'`)).code).toBe('42501');
      expect((await errorAs(ctx.db, p, `insert into app.brand_approvals (user_id, status, decided_at) values ($1, 'approved', now())`, [ids.creator])).code).toBe('42501');
    }
    expect((await errorAs(ctx.db, 'anon', 'select * from app.brand_approvals')).code).toBe('42501');
  });

  test('my_brand_approval: the caller\'s own state only; nothing for creators; anon may not call it', async () => {
    await runAs(ctx.db, 'postgres', async (q) => {
      await signUp(q, newBrand, 'ana@novalabs.io', brandMeta('https://nova.example.org'));
      await become(q, as(newBrand));
      expect((await q.query('select status, reason from api.my_brand_approval()')).rows).toEqual([{ status: 'pending', reason: null }]);
      await become(q, as(ids.otherBrand));
      expect((await q.query('select status from api.my_brand_approval()')).rows).toEqual([{ status: 'approved' }]);
      await become(q, as(ids.creator));
      expect((await q.query('select status from api.my_brand_approval()')).rows).toEqual([]);
      await become(q, 'anon');
      expect((await failure(q, 'select * from api.my_brand_approval()'))[0]).toBe('42501');
    });
  });

  test('the queue and the decision: admins only', async () => {
    await runAs(ctx.db, 'postgres', async (q) => {
      await signUp(q, newBrand, 'ana@novalabs.io', brandMeta('https://nova.example.org'));
      for (const p of [as(newBrand), as(ids.brand), as(ids.creator)]) {
        await become(q, p);
        expect(await failure(q, 'select * from api.admin_brand_queue()')).toEqual(['42501', 'not_admin']);
        expect(await failure(q, 'select api.admin_decide_brand($1, true)', [newBrand])).toEqual(['42501', 'not_admin']);
      }
      await become(q, 'anon');
      expect((await failure(q, 'select api.admin_decide_brand($1, true)', [newBrand]))[0]).toBe('42501');
      expect((await failure(q, 'select * from api.admin_brand_queue()'))[0]).toBe('42501');
      await become(q, 'postgres');
      expect(await approvalOf(q, newBrand)).toEqual({ status: 'pending', method: null });

      await become(q, as(ids.admin));
      const queue = (await q.query('select user_id, company_name, website, email, email_confirmed from api.admin_brand_queue()')).rows;
      expect(queue).toEqual([{ user_id: newBrand, company_name: 'Nova Labs', website: 'https://nova.example.org', email: 'ana@novalabs.io', email_confirmed: true }]);
    });
  });

  test('rejecting needs a reason; it is logged and emailed; a rejected brand may be approved later', async () => {
    await runAs(ctx.db, 'postgres', async (q) => {
      await signUp(q, newBrand, 'ana@novalabs.io', brandMeta('https://nova.example.org'));
      await become(q, as(ids.admin));
      expect(await failure(q, 'select api.admin_decide_brand($1, false, $2)', [newBrand, '   '])).toEqual(['22023', 'reason_required']);
      expect(await failure(q, 'select api.admin_decide_brand($1, true)', [ids.creator])).toEqual(['PT404', 'brand_not_found']);
      expect((await q.query('select api.admin_decide_brand($1, false, $2) s', [newBrand, 'We could not verify the website'])).rows).toEqual([{ s: 'rejected' }]);
      expect(await failure(q, 'select api.admin_decide_brand($1, false, $2)', [newBrand, 'again'])).toEqual(['PT409', 'brand_already_decided']);
      await become(q, as(newBrand));
      expect((await q.query('select status, reason from api.my_brand_approval()')).rows).toEqual([{ status: 'rejected', reason: 'We could not verify the website' }]);
      await become(q, 'postgres');
      const audit = (await q.query(`select actor_id, action, target_type, before, after from app.admin_audit_log where target_id = $1 order by id`, [newBrand])).rows;
      expect(audit).toEqual([
        { actor_id: ids.admin, action: 'brand.reject', target_type: 'user', before: { status: 'pending' }, after: { status: 'rejected', reason: 'We could not verify the website' } },
      ]);
      const mail = (await q.query(`select template, locale, to_address, data ->> 'reason' reason from app.email_outbox where user_id = $1`, [newBrand])).rows;
      expect(mail).toEqual([{ template: 'brand_rejected', locale: 'en', to_address: 'ana@novalabs.io', reason: 'We could not verify the website' }]);
      await become(q, as(ids.admin));
      expect((await q.query('select api.admin_decide_brand($1, true) s', [newBrand])).rows).toEqual([{ s: 'approved' }]);
      expect(await failure(q, 'select api.admin_decide_brand($1, true)', [newBrand])).toEqual(['PT409', 'brand_already_decided']);
    });
  });

  test('an approval email goes in the brand\'s own language when it chose one', async () => {
    await runAs(ctx.db, 'postgres', async (q) => {
      await signUp(q, newBrand, 'ana@novalabs.io', brandMeta('https://nova.example.org'));
      await q.query(`update app.profiles set language = 'es' where id = $1`, [newBrand]);
      await become(q, as(ids.admin));
      await q.query('select api.admin_decide_brand($1, true)', [newBrand]);
      await become(q, 'postgres');
      expect((await q.query(`select template, locale from app.email_outbox where user_id = $1`, [newBrand])).rows).toEqual([{ template: 'brand_approved', locale: 'es' }]);
      expect((await q.query(`select action from app.admin_audit_log where target_id = $1`, [newBrand])).rows).toEqual([{ action: 'brand.approve' }]);
    });
  });
});

describe('publishing waits for approval', () => {
  test('a pending brand drafts, but cannot create, publish or resume an active campaign; once approved it can', async () => {
    await runAs(ctx.db, 'postgres', async (q) => {
      await signUp(q, newBrand, 'ana@novalabs.io', brandMeta('https://nova.example.org'));
      await become(q, as(newBrand));
      const draft = (await q.query<{ create_campaign: string }>(createCampaign('draft'))).rows[0]!.create_campaign;
      expect(await failure(q, createCampaign('active'))).toEqual(['42501', 'brand_not_approved']);
      const publish = `select api.update_campaign($1, 'Spring launch', 'Show our serum in a 30 second reel', 'video', array['instagram'], 'flat_fee', 50000, '${deadline()}'::timestamptz, null, $2)`;
      expect(await failure(q, publish, [draft, 'active'])).toEqual(['42501', 'brand_not_approved']);
      // Straight at the table (there is no grant, but the rule holds for whoever writes).
      await become(q, 'postgres');
      expect(await failure(q, `update app.campaigns set status = 'active' where id = $1`, [draft])).toEqual(['42501', 'brand_not_approved']);
      await q.query(`update app.campaigns set status = 'paused' where id = $1`, [draft]);
      await become(q, as(newBrand));
      expect(await failure(q, publish, [draft, 'active'])).toEqual(['42501', 'brand_not_approved']);
      // Edits that leave the status alone keep working.
      expect((await q.query(publish, [draft, null])).rows).toHaveLength(1);

      await become(q, as(ids.admin));
      await q.query('select api.admin_decide_brand($1, true)', [newBrand]);
      await become(q, as(newBrand));
      await q.query(publish, [draft, 'active']);
      expect((await q.query('select status from app.campaigns where id = $1', [draft])).rows).toEqual([{ status: 'active' }]);
      expect((await q.query(createCampaign('active'))).rows).toHaveLength(1);
    });
  });

  test('approved brands publish as before', async () => {
    const rows = await rowsAs(ctx.db, as(ids.brand), `select count(*)::int n from (${createCampaign('active')}) x`);
    expect(rows).toEqual([{ n: 1 }]);
  });
});
