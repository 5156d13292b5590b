import { describe, expect, test } from 'vitest';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

const ctx = useSeededDatabase();
const q = async <T>(sql: string) => (await ctx.db.query<T>(sql)).rows;

describe('schema guards', () => {
  test('every table in app has row level security enabled', async () => {
    const rows = await q<{ relname: string; relrowsecurity: boolean }>(
      `select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'app' and c.relkind in ('r', 'p') order by 1`,
    );
    expect(rows.map((r) => r.relname)).toEqual(expect.arrayContaining([
      'applications', 'brand_profiles', 'campaigns', 'creator_profiles', 'deliverables', 'messages', 'payments', 'profiles',
    ]));
    expect(rows.filter((r) => !r.relrowsecurity)).toEqual([]);
  });

  test('the api schema holds no tables or views, only functions and types', async () => {
    const rows = await q(`select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'api' and c.relkind in ('r', 'v', 'm', 'p', 'f')`);
    expect(rows).toEqual([]);
  });

  test('every function in app and api pins search_path to empty', async () => {
    const rows = await q<{ name: string; config: string[] | null; secdef: boolean }>(
      `select n.nspname || '.' || p.proname as name, p.proconfig as config, p.prosecdef as secdef
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname in ('app', 'api')`,
    );
    expect(rows.length).toBeGreaterThan(40);
    const bad = rows.filter((r) => !(r.config ?? []).includes('search_path=""'));
    expect(bad.map((r) => r.name)).toEqual([]);
  });

  /**
   * Every security definer function in api, each with its reason in `comment on function` (issue 12, item
   * 10: Supabase's linter warns about each one). Everything else runs as the caller, under RLS. A new
   * definer function fails here until it is justified, listed, and covered in security-definer.test.ts
   * (the brand approval's three: brand-approval.test.ts; the brief attachments' two: brief-attachments.test.ts; the
   * documents' three, service role only: documents.test.ts and documents-storage.test.ts).
   */
  const allowedDefiners = [
    'admin_1042s', 'admin_1099_nec', 'admin_brand_queue', 'admin_decide_brand', 'admin_list_users', 'admin_tax_form_tin', 'admin_tax_forms_attention',
    'admin_update_user', 'admin_users_page', 'attach_brief_file', 'browse_campaigns', 'browse_campaigns_count', 'creator_portfolio', 'creator_statistics',
    'current_profile', 'delivery_check_account', 'discover_creators', 'document_rendered', 'documents_to_render', 'email_document', 'my_brand_approval',
    'my_sign_in_count',
    'my_social_accounts', 'my_tax_form', 'portfolio', 'public_campaign', 'public_campaigns', 'remove_brief_file', 'social_account_id',
    'social_account_refresh_failed', 'social_account_refresh_later', 'social_account_refreshed', 'social_account_remove', 'social_account_save',
    'social_account_store_tokens', 'social_account_tokens', 'social_accounts_of', 'social_oauth_begin', 'social_oauth_take',
    'statements_issue', 'tax_form_submit',
    'username_available',
  ];

  test('security definer functions in api are exactly the justified ones, pin search_path and are not open to anon (except sign-up helpers, the public campaigns, portfolios and connected accounts)', async () => {
    const rows = await q<{ proname: string; config: string[] | null; anon: boolean; reason: string | null }>(
      `select p.proname, p.proconfig as config, has_function_privilege('anon', p.oid, 'execute') as anon,
         obj_description(p.oid, 'pg_proc') as reason
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'api' and p.prosecdef order by 1`,
    );
    expect(rows.map((r) => r.proname)).toEqual(allowedDefiners);
    expect(rows.filter((r) => !/Security definer: \S.+/.test(r.reason ?? '')).map((r) => r.proname)).toEqual([]);
    expect(rows.filter((r) => !(r.config ?? []).includes('search_path=""')).map((r) => r.proname)).toEqual([]);
    expect(rows.filter((r) => r.anon).map((r) => r.proname)).toEqual(['current_profile', 'portfolio', 'public_campaign', 'public_campaigns', 'social_accounts_of', 'username_available']);
  });

  test('no api function is executable by public; anon may call only current_profile, username_available, the public campaigns, portfolios and connected accounts', async () => {
    const rows = await q<{ proname: string; pub: boolean; anon: boolean; authn: boolean }>(
      `select p.proname,
         exists (select 1 from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a where a.grantee = 0) as pub,
         has_function_privilege('anon', p.oid, 'execute') as anon,
         (has_function_privilege('authenticated', p.oid, 'execute')
           or has_function_privilege('service_role', p.oid, 'execute')) as authn
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'api' order by 1`,
    );
    expect(rows.filter((r) => r.pub).map((r) => r.proname)).toEqual([]);
    expect(rows.filter((r) => r.anon).map((r) => r.proname)).toEqual(['current_profile', 'portfolio', 'public_campaign', 'public_campaigns', 'social_accounts_of', 'username_available']);
    // Every function is callable by someone: users, or only the server (service_role) for payment writes.
    expect(rows.filter((r) => !r.authn).map((r) => r.proname)).toEqual([]);
  });

  test('anon has no privilege on any app table', async () => {
    const rows = await q<{ relname: string }>(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'app' and c.relkind = 'r'
         and (has_table_privilege('anon', c.oid, 'select') or has_table_privilege('anon', c.oid, 'insert')
           or has_table_privilege('anon', c.oid, 'update') or has_table_privilege('anon', c.oid, 'delete'))`,
    );
    expect(rows).toEqual([]);
  });

  test('every policy is for authenticated and one per command', async () => {
    const rows = await q<{ tablename: string; cmd: string; roles: string[] | string }>(
      `select tablename, cmd, roles from pg_policies where schemaname = 'app'`,
    );
    expect(rows.length).toBeGreaterThan(15);
    for (const r of rows) {
      expect(String(r.roles)).toMatch(/^\{?authenticated\}?$/);
      expect(r.cmd).not.toBe('ALL');
    }
    const keys = rows.map((r) => `${r.tablename}:${r.cmd}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test('every foreign key column is indexed', async () => {
    const rows = await q<{ tbl: string; col: string }>(
      `select c.conrelid::regclass::text as tbl, a.attname as col
       from pg_constraint c
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
       join pg_namespace n on n.oid = (select relnamespace from pg_class where oid = c.conrelid)
       where c.contype = 'f' and n.nspname = 'app'
         and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])`,
    );
    expect(rows).toEqual([]);
  });

  test('messages are published to supabase_realtime', async () => {
    const rows = await q(`select schemaname, tablename from pg_publication_tables where pubname = 'supabase_realtime'`);
    expect(rows).toEqual([{ schemaname: 'app', tablename: 'messages' }]);
  });

  test('extensions live in the extensions schema', async () => {
    const rows = await q<{ extname: string; nspname: string }>(
      `select e.extname, n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace
       where e.extname in ('unaccent', 'pg_trgm') order by 1`,
    );
    expect(rows).toEqual([
      { extname: 'pg_trgm', nspname: 'extensions' },
      { extname: 'unaccent', nspname: 'extensions' },
    ]);
  });

  test('the seed has the accounts and data the demo promises', async () => {
    const [counts] = await q<Record<string, number>>(
      `select (select count(*)::int from app.profiles where role = 'admin') admins,
              (select count(*)::int from app.profiles where role = 'brand') brands,
              (select count(*)::int from app.profiles where role = 'creator') creators,
              (select count(*)::int from app.campaigns) campaigns,
              (select count(distinct status)::int from app.campaigns) campaign_statuses,
              (select count(distinct content_type)::int from app.campaigns) content_types,
              (select count(distinct status)::int from app.applications) application_statuses,
              (select count(*)::int from app.payments where status = 'completed') payments,
              (select count(*)::int from app.disputes where status = 'open') open_disputes,
              (select count(*)::int from app.reviews where published_at is not null and hidden_at is null) visible_reviews,
              (select count(*)::int from app.reviews where hidden_at is not null) hidden_reviews,
              (select count(distinct deliverable_id)::int from app.deliverable_rounds where round > 1) revised_deliverables,
              (select count(*)::int from app.deliverables where status in ('pending', 'submitted')
                 and exists (select 1 from app.deliverable_rounds r where r.deliverable_id = deliverables.id and r.round > 1)) resubmitted_awaiting_review,
              (select extract(day from max(created_at) - min(created_at))::int >= 90 from app.profiles) profiles_span_months`,
    );
    // The story the demo tells (issue 17): hires in revision, one open dispute, reviews (one hidden), and
    // users who joined over months, not at the seed's own moment.
    expect(counts).toEqual({
      admins: 1, brands: 3, creators: 12, campaigns: 15, campaign_statuses: 4, content_types: 6,
      application_statuses: 3, payments: 5, open_disputes: 1, visible_reviews: 3, hidden_reviews: 1, revised_deliverables: 4,
      resubmitted_awaiting_review: 2, profiles_span_months: true,
    });
    const emails = await q<{ email: string; role: string }>(
      `select u.email, p.role from auth.users u join app.profiles p on p.id = u.id
       where u.email in ('admin@demo.test', 'brand@demo.test', 'creator@demo.test') order by 1`,
    );
    expect(emails).toEqual([
      { email: 'admin@demo.test', role: 'admin' },
      { email: 'brand@demo.test', role: 'brand' },
      { email: 'creator@demo.test', role: 'creator' },
    ]);
  });
});
