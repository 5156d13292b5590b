// The people of `npm run bench:load`: generated creators and brands (the seed's password, so real sign-ins
// work) with campaigns of their own, on top of the seed. Tokens are minted up front as if each had signed
// in earlier: signing all of them in would cost a bcrypt comparison (~90 ms of CPU) each before the run.
import type { Database } from '../local/db/database.ts';
import { signJwt } from '../local/jwt.ts';
import type { LoadCampaign, LoadUser } from './load-mix.ts';

export const PASSWORD = 'password123';

async function users(db: Database, role: 'creator' | 'brand', n: number, secret: string): Promise<LoadUser[]> {
  const meta = role === 'brand' ? `'{"provider": "email", "providers": ["email"], "role": "brand"}'` : `'{"provider": "email", "providers": ["email"]}'`;
  const rows = await db.query<{ id: string; email: string }>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
       raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token, email_change_token_new, email_change)
     select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
       'load-${role}-' || i || '@bench.test', (select encrypted_password from auth.users where email = 'creator@demo.test'),
       now(), ${meta}::jsonb,
       jsonb_build_object('username', 'load_${role}_' || i, 'full_name', 'Load ${role} ' || i), now(), now(), '', '', '', ''
     from generate_series(1, $1) i
     returning id, email`,
    [n],
  );
  const exp = Math.floor(Date.now() / 1000) + 6 * 3600;
  return rows.rows.map((r) => ({
    id: r.id,
    email: r.email,
    role,
    token: signJwt({ sub: r.id, role: 'authenticated', aud: 'authenticated', email: r.email, exp }, secret),
  }));
}

export async function generatePeople(db: Database, secret: string, opts: { creators: number; brands: number; campaignsPerBrand: number }) {
  const creators = await users(db, 'creator', opts.creators, secret);
  const brands = await users(db, 'brand', opts.brands, secret);
  const campaigns = await db.query<{ id: string; brand_id: string }>(
    `insert into app.campaigns (brand_id, title, description, content_type, platforms, compensation_type, compensation_cents, deadline, status)
     select b, 'Load campaign ' || k || ' ' || (array['serum launch', 'travel diary', 'tech review', 'fitness plan', 'recipe series'])[1 + k % 5],
       'Short videos for a launch: honest, natural light, one take.', (array['video', 'image', 'review', 'reel'])[1 + k % 4],
       array['tiktok', 'instagram'], 'flat_fee', 25000, now() + interval '30 days', 'active'
     from unnest($1::uuid[]) b, generate_series(1, $2) k
     returning id, brand_id`,
    [brands.map((b) => b.id), opts.campaignsPerBrand],
  );
  const list: LoadCampaign[] = campaigns.rows.map((c) => ({ id: c.id, brandId: c.brand_id }));
  return { creators, brands, campaigns: list };
}

/** What the database holds of the writes the bench makes: to compare with what the stack acknowledged. */
export async function countWrites(db: Database): Promise<{ applications: number; messages: number }> {
  const r = await db.query<{ applications: number; messages: number }>(
    `select (select count(*)::int from app.applications a join auth.users u on u.id = a.creator_id where u.email like 'load-%@bench.test') applications,
            (select count(*)::int from app.messages m join auth.users u on u.id = m.sender_id where u.email like 'load-%@bench.test') messages`,
  );
  return r.rows[0]!;
}
