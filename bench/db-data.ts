/**
 * Synthetic data for bench:db at a given scale. Scale 1 is the original benchmark (100k campaigns, 50k
 * creators, 1k brands, 200k applications, 1M messages; those rows are generated exactly as before so
 * the earlier figures stay comparable) plus the tables added since, in proportion: an escrow, ledger
 * lines, a deliverable with its review rounds and the history of events and notifications for every
 * hire, disputes, two-sided reviews, payouts, the email outbox and preferences, connected social accounts. Scale 10 is ten times
 * every count. The benchmarked brand and creators keep the same amount of data at every scale (a busy
 * brand stays a busy brand): what grows is everyone else, i.e. the tables the functions must not scan.
 *
 * Rows are written as the superuser with triggers off (session_replication_role = replica), so the
 * derived rows the triggers would have written (events, notifications, outbox, ledger, ratings,
 * counters) are generated explicitly. Secondary indexes of the large tables are dropped before loading
 * and rebuilt after, which is several times faster than maintaining them row by row.
 */

export const BRAND = '00000000-0000-0000-0000-0000000000b1';
export const CREATOR = '00000000-0000-0000-0000-000000000c01';

export interface Step {
  label: string;
  sql: string;
  /** Runs on a second connection alongside the steps after it (it depends on none of them). */
  background?: boolean;
  /** Waits for the background steps first. */
  afterBackground?: boolean;
}

/** Tables whose indexes are rebuilt after loading (the ones that get more than a few thousand rows). */
export const BULK_TABLES = [
  'app.profiles', 'app.creator_profiles', 'app.brand_profiles', 'app.campaigns', 'app.applications',
  'app.deliverables', 'app.deliverable_rounds', 'app.payments', 'app.escrows', 'app.ledger_transactions',
  'app.ledger_entries', 'app.payouts', 'app.payout_accounts', 'app.disputes', 'app.dispute_messages',
  'app.reviews', 'app.user_ratings', 'app.application_events', 'app.notifications', 'app.email_outbox',
  'app.email_preferences', 'app.messages', 'app.portfolio_items',
];

/** The synthetic user number g as a uuid (brands 1..B, creators B+1..B+C). */
const uid = (g: string): string => `('10000000-0000-4000-8000-' || lpad((${g})::text, 12, '0'))::uuid`;

export function dataSteps(scale: number): Step[] {
  const B = 1000 * scale; // brands
  const C = 50000 * scale; // creators
  const N = 100000 * scale; // campaigns
  const M = 1000000 * scale; // messages
  // The benchmarked brand's share: 1 campaign in 1000 and 1 message in 500 at scale 1, the same number of rows at any scale.
  const brandEvery = 1000 * scale;
  const brandMsgEvery = 500 * scale;
  return [
    {
      label: 'messages (on a second connection)',
      background: true,
      sql: `
insert into app.messages (sender_id, receiver_id, content, read, created_at)
select case when g % 2 = 0 then b else c end, case when g % 2 = 0 then c else b end,
  'Mensaje número ' || g, g % 7 <> 0, now() - (g || ' seconds')::interval
from (
  select g,
    case when g % ${brandMsgEvery} = 0 then '${BRAND}'::uuid else ${uid(`1 + g % ${B}`)} end b,
    case when g % ${brandMsgEvery} = 0 then ${uid(`${B + 1} + (g / ${brandMsgEvery}) % 200`)}
         else ${uid(`${B + 1} + (g * 31) % ${C}`)} end c
  from generate_series(1, ${M}) g
) x;`,
    },
    {
      label: 'users (auth.users, profiles, brand and creator profiles)',
      sql: `
insert into auth.users (instance_id, id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select '00000000-0000-0000-0000-000000000000', ${uid('g')},
  'authenticated', 'authenticated', 'u' || g || '@bench.test', '{}', '{}', now(), now()
from generate_series(1, ${B + C}) g;
insert into app.profiles (id, email, username, full_name, role, bio, created_at)
select ${uid('g')}, 'u' || g || '@bench.test', 'user_' || g,
  (array['María', 'José', 'Lucía', 'Andrés', 'Camila', 'Sebastián', 'Valentina', 'Martín'])[1 + g % 8] || ' ' ||
  (array['Gómez', 'Pérez', 'Rodríguez', 'Hernández', 'López', 'Núñez', 'Díaz', 'Ibáñez'])[1 + (g / 8) % 8] || ' ' || g,
  case when g <= ${B} then 'brand' else 'creator' end, 'Creadora de contenido número ' || g,
  now() - (g || ' minutes')::interval
from generate_series(1, ${B + C}) g;
insert into app.brand_profiles (user_id, company_name)
select ${uid('g')}, 'Brand ' || g from generate_series(1, ${B}) g;
insert into app.creator_profiles (user_id, niche, followers, instagram_handle, tiktok_handle, location)
select ${uid('g')},
  (array['Beauty', 'Fashion', 'Fitness', 'Food', 'Lifestyle', 'Tech', 'Travel'])[1 + g % 7], ((g::bigint * 7919) % 200000)::integer,
  case when g % 2 = 0 then 'ig' || g end, case when g % 3 = 0 then 'tt' || g end, 'Bogotá'
from generate_series(${B + 1}, ${B + C}) g;
-- Portfolios from empty to full (0-12 items, every fourth a video): Discover reads the first three per card.
insert into app.portfolio_items (creator_id, path, kind, caption, position)
select ${uid('g')}, ${uid('g')}::text || '/' || n || '.webp', case when n % 4 = 0 then 'video' else 'image' end,
  'Trabajo ' || n, n
from generate_series(${B + 1}, ${B + C}) g, generate_series(1, 12) n
where n <= g % 13;
-- Connected accounts (decision 0054): Instagram for 1 creator in 5, TikTok 1 in 10, YouTube 1 in 15 (1 in
-- 3 of those needs reconnecting). Triggers are off: the reach and the refresh schedule are written here,
-- the reach through app.verified_reach, its one definition.
insert into app.social_accounts (creator_id, platform, platform_user_id, handle, followers, followers_as_of, status)
select ${uid('g')}, p.platform, p.platform || '-' || g, p.platform || g, (g::bigint * 104729) % 300000,
  now() - ((g % 1440) || ' minutes')::interval,
  case when p.platform = 'youtube' and g % 45 = 0 then 'reconnect_needed' else 'connected' end
from generate_series(${B + 1}, ${B + C}) g
join (values ('instagram', 5), ('tiktok', 10), ('youtube', 15)) p (platform, every) on g % p.every = 0;
update app.creator_profiles cp set verified_reach = r.reach, verified_accounts = r.accounts
from (select distinct s.creator_id from app.social_accounts s) s cross join lateral app.verified_reach(s.creator_id) r
where cp.user_id = s.creator_id;
insert into app.social_refresh_schedule (account_id, due_at)
select s.id, app.next_refresh_at(s.id, now()) from app.social_accounts s where s.status = 'connected'
on conflict (account_id) do nothing;`,
    },
    {
      label: 'campaigns',
      sql: `
insert into app.campaigns (id, brand_id, title, description, content_type, platforms, compensation_type,
  compensation_cents, deadline, status, created_at, application_count)
select ('20000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid,
  case when g % ${brandEvery} = 0 then '${BRAND}'::uuid else ${uid(`1 + g % ${B}`)} end,
  (array['Campaña de verano', 'Reseña de producto', 'Lanzamiento de café', 'Rutina de ejercicio', 'Moda sostenible',
         'Tech unboxing', 'Viaje por Perú', 'Receta fácil'])[1 + g % 8] || ' ' || g,
  'Buscamos creadores para contenido auténtico número ' || g || (case when g % 5000 = 0 then ' edición única' else '' end),
  (array['video', 'image', 'review', 'post', 'story', 'reel'])[1 + g % 6],
  case (g / 6) % 3 when 0 then array['tiktok', 'instagram'] when 1 then array['youtube', 'facebook']
    else array['instagram', 'twitter'] end,
  -- 1 campaign in 7 pays by performance (no escrow: the brand pays approved content directly, payment_quote's case).
  case when g % 7 = 3 then 'performance' else 'flat_fee' end, (g % 100) * 1000, now() + interval '30 days',
  (array['active', 'active', 'active', 'paused', 'completed', 'draft'])[1 + g % 6], now() - (g || ' seconds')::interval,
  2 -- the two applications below (written here: an update would recompute every row's search_text)
from generate_series(1, ${N}) g;`,
    },
    {
      label: 'applications and deliverables',
      sql: `
insert into app.applications (campaign_id, creator_id, brand_id, pitch, status, created_at)
select c.id, ${uid(`${B + 1} + (c.n * 2 + k) % ${C}`)}, c.brand_id,
  'Me encantaría participar ' || c.n, (array['pending', 'accepted', 'rejected'])[1 + (c.n + k) % 3], c.created_at
from (select id, brand_id, created_at, row_number() over (order by id) n from app.campaigns) c, generate_series(0, 1) k;
insert into app.deliverables (application_id, campaign_id, creator_id, brand_id, content_url, status, created_at, updated_at)
select a.id, a.campaign_id, a.creator_id, a.brand_id, 'https://example.com/' || a.id,
  (array['pending', 'approved', 'rejected'])[1 + abs(hashtext(a.id::text)) % 3],
  least(now(), a.created_at + interval '6 hours'), least(now(), a.created_at + interval '12 hours')
from app.applications a where a.status = 'accepted' and a.pitch like 'Me encantaría participar %'
  and abs(hashtext(a.id::text)) % 10 <> 0; -- 1 hire in 10 has no content yet`,
    },
    {
      label: 'escrows, payments, ledger, payouts',
      sql: `
-- Every accepted hire of a flat-fee campaign has an escrow: 1 in 10 has no content yet (1 in 20 of those not funded yet; every other
-- one of the benchmarked brand's), the others funded; approved
-- content released it; 1 funded hire in 33 is disputed.
with brand_open as (
  select a.id, row_number() over (order by a.id) n from app.applications a
  join app.campaigns c on c.id = a.campaign_id and c.compensation_type = 'flat_fee'
  where a.brand_id = '${BRAND}' and a.status = 'accepted' and a.pitch like 'Me encantaría participar %'
    and not exists (select 1 from app.deliverables d where d.application_id = a.id))
insert into app.escrows (application_id, campaign_id, brand_id, creator_id, amount_cents, fee_bps, status, funded_at,
  released_at, release_reason, released_deliverable_id, created_at, updated_at)
select a.id, a.campaign_id, a.brand_id, a.creator_id, 10000, 1500,
  -- Salted: the unsalted hash already decided "no content" (hash % 10 = 0), so % 2 would be 0 for all of them.
  case when d.id is null and u.awaiting then 'awaiting_funding' when d.id is null then 'funded'
       when d.status = 'approved' then 'released'
       when abs(hashtext(d.id::text)) % 33 = 0 then 'disputed' else 'funded' end,
  case when d.id is not null then d.created_at - interval '5 hours' when not u.awaiting then a.created_at + interval '2 hours' end,
  case when d.status = 'approved' then d.updated_at end, case when d.status = 'approved' then 'approved' end,
  case when d.status = 'approved' then d.id end, a.created_at + interval '1 hour', coalesce(d.updated_at, a.created_at + interval '1 hour')
from app.applications a left join app.deliverables d on d.application_id = a.id
  join app.campaigns c on c.id = a.campaign_id and c.compensation_type = 'flat_fee'
  -- The benchmarked brand's few hires without content: every other one waits for funding (hire_quote's subject),
  -- the others are funded (cancel_hire_quote's), so both exist whatever ids were drawn; elsewhere 1 in 20 waits.
  left join brand_open r on r.id = a.id
  cross join lateral (select case when r.id is not null then r.n % 2 = 1
    else abs(hashtext(a.id::text || ':funding')) % 20 = 0 end awaiting) u
where a.status = 'accepted' and a.pitch like 'Me encantaría participar %';
-- The original benchmark's payments (one per approved deliverable) are the escrows' fundings; the other hires get theirs.
insert into app.payments (deliverable_id, creator_id, brand_id, amount_cents, status, stripe_payment_id, escrow_id,
  payment_date, created_at, updated_at)
select case when e.status = 'released' then e.released_deliverable_id end, e.creator_id, e.brand_id, 10000, 'completed',
  'pi_bench_' || coalesce(e.released_deliverable_id, e.id), e.id, e.funded_at, e.funded_at, e.funded_at
from app.escrows e where e.creator_id::text like '10000000-%' and e.status <> 'awaiting_funding';
with tx as (
  insert into app.ledger_transactions (kind, subject_id, escrow_id, payment_id, campaign_id, creator_id, brand_id,
    stripe_object_id, created_at)
  select 'escrow_funding', p.id::text, p.escrow_id, p.id, e.campaign_id, e.creator_id, e.brand_id, p.stripe_payment_id, p.payment_date
  from app.payments p join app.escrows e on e.id = p.escrow_id where p.stripe_payment_id like 'pi_bench_%'
  returning id, escrow_id, creator_id, brand_id, created_at
)
insert into app.ledger_entries (transaction_id, account, creator_id, escrow_id, brand_id, amount_cents, created_at)
select tx.id, x.account, tx.creator_id, x.escrow_id, tx.brand_id, x.amount, tx.created_at
from tx, lateral (values ('stripe_balance', null::uuid, 10000::bigint), ('escrow', tx.escrow_id, -10000::bigint)) x(account, escrow_id, amount);
with tx as (
  insert into app.ledger_transactions (kind, subject_id, escrow_id, campaign_id, creator_id, brand_id, memo, created_at)
  select 'release', e.id::text, e.id, e.campaign_id, e.creator_id, e.brand_id, 'approved; fee 1500 bps', e.released_at
  from app.escrows e where e.status = 'released' and e.creator_id::text like '10000000-%'
  returning id, escrow_id, creator_id, brand_id, created_at
)
insert into app.ledger_entries (transaction_id, account, creator_id, escrow_id, brand_id, amount_cents, created_at)
select tx.id, x.account, tx.creator_id, x.escrow_id, tx.brand_id, x.amount, tx.created_at
from tx, lateral (values ('escrow', tx.escrow_id, 10000::bigint), ('creator_available', null::uuid, -8500::bigint),
  ('platform_fees', null::uuid, -1500::bigint)) x(account, escrow_id, amount);
-- Creators who earned have a payout account; half of them were paid out everything they had earned.
insert into app.payout_accounts (creator_id, country, stripe_account_id, status, bank_summary, created_at, updated_at)
select e.creator_id, (array['CO', 'MX', 'AR', 'PE', 'CL'])[1 + abs(hashtext(e.creator_id::text)) % 5],
  'acct_bench_' || e.creator_id, 'active', 'Bancolombia ****' || lpad((abs(hashtext(e.creator_id::text)) % 10000)::text, 4, '0'),
  min(e.created_at), min(e.created_at)
from app.escrows e where e.creator_id::text like '10000000-%' and e.creator_id::text like '10000000-%' group by e.creator_id;
insert into app.payouts (creator_id, amount_cents, status, requested_by, stripe_account_id, stripe_outbound_payment_id,
  paid_at, created_at, updated_at)
select e.creator_id, 8500 * count(*), 'paid', 'schedule', 'acct_bench_' || e.creator_id, 'obp_bench_' || e.creator_id,
  least(now(), max(e.released_at) + interval '1 day'), max(e.released_at), least(now(), max(e.released_at) + interval '1 day')
from app.escrows e
where e.status = 'released' and e.creator_id::text like '10000000-%' and e.creator_id::text like '10000000-%' and abs(hashtext(e.creator_id::text)) % 2 = 0
group by e.creator_id;
with tx as (
  insert into app.ledger_transactions (kind, subject_id, payout_id, creator_id, created_at)
  select k.kind, p.id::text, p.id, p.creator_id, case k.kind when 'payout' then p.created_at else p.paid_at end
  from app.payouts p, (values ('payout'), ('payout_paid')) k(kind) where p.stripe_outbound_payment_id like 'obp_bench_%'
  returning id, kind, payout_id, creator_id, created_at
)
insert into app.ledger_entries (transaction_id, account, creator_id, amount_cents, created_at)
select tx.id, x.account, tx.creator_id, x.amount * p.amount_cents, tx.created_at
from tx join app.payouts p on p.id = tx.payout_id, lateral (values
  ('payout', 'creator_available', 1), ('payout', 'creator_in_transit', -1),
  ('payout_paid', 'creator_in_transit', 1), ('payout_paid', 'stripe_balance', -1)) x(kind, account, amount)
where x.kind = tx.kind;`,
    },
    {
      label: 'revision rounds, disputes, reviews, ratings',
      sql: `
-- One round per deliverable; 1 approval in 5 came after a first round of requested changes.
insert into app.deliverable_rounds (deliverable_id, application_id, brand_id, creator_id, round, content_url, note,
  submitted_at, decision, feedback, decided_by, decided_at)
select d.id, d.application_id, d.brand_id, d.creator_id, r.round, d.content_url || case when r.round = 1 and r.two then '?v=1' else '' end,
  case when r.round = 2 then 'Ajusté el audio y el final' end, d.created_at + (r.round - 1) * interval '2 hours',
  case when r.round = 1 and r.two then 'changes_requested' when d.status = 'approved' then 'approved'
       when d.status = 'rejected' then 'rejected' end,
  case when r.round = 1 and r.two then 'Por favor mejora el audio' when d.status = 'rejected' then 'No cumple el brief' end,
  case when (r.round = 1 and r.two) or d.status <> 'pending' then d.brand_id end,
  case when (r.round = 1 and r.two) or d.status <> 'pending' then d.created_at + (r.round - 1) * interval '2 hours' + interval '1 hour' end
from app.deliverables d,
  lateral (select d.status = 'approved' and abs(hashtext(d.id::text)) % 5 = 0 two) t,
  lateral (select g round, t.two two from generate_series(1, case when t.two then 2 else 1 end) g) r
where d.content_url like 'https://example.com/%';
insert into app.disputes (escrow_id, application_id, brand_id, creator_id, opened_by, opened_by_role, reason, details,
  evidence_urls, status, outcome, creator_cents, brand_cents, resolution_note, resolved_by, resolved_at, created_at, updated_at)
select e.id, e.application_id, e.brand_id, e.creator_id, e.brand_id, 'brand',
  (array['not_delivered', 'not_as_agreed', 'quality', 'missed_deadline', 'unresponsive', 'other'])[1 + abs(hashtext(e.id::text)) % 6],
  'El contenido no corresponde a lo acordado en la campaña', array['https://example.com/evidencia/' || e.id],
  case when e.status = 'disputed' then 'open' else 'resolved' end,
  case when e.status = 'released' then 'release' end, case when e.status = 'released' then 8500 end,
  case when e.status = 'released' then 0 end, case when e.status = 'released' then 'El contenido cumple el brief' end,
  case when e.status = 'released' then (select p.id from app.profiles p where p.role = 'admin' order by p.created_at limit 1) end,
  case when e.status = 'released' then e.released_at end, e.funded_at + interval '1 hour', coalesce(e.released_at, e.funded_at + interval '1 hour')
from app.escrows e
where e.creator_id::text like '10000000-%' and (e.status = 'disputed' or (e.status = 'released' and abs(hashtext(e.id::text)) % 50 = 0));
insert into app.dispute_messages (dispute_id, author_id, body, created_at)
select d.id, case when k = 0 then d.brand_id else d.creator_id end,
  case when k = 0 then 'Adjunto la evidencia del problema' else 'Entregué según el brief, adjunto el enlace' end,
  d.created_at + k * interval '3 hours'
from app.disputes d, generate_series(0, 1) k where d.details = 'El contenido no corresponde a lo acordado en la campaña';
-- Both sides reviewed 7 hires in 10 once released; 1 review in 100 hidden by an admin.
insert into app.reviews (application_id, reviewer_id, reviewee_id, reviewer_role, rating, body, reveal_at, published_at,
  hidden_at, hidden_reason, created_at)
select e.application_id, case when s.role = 'brand' then e.brand_id else e.creator_id end,
  case when s.role = 'brand' then e.creator_id else e.brand_id end, s.role, 1 + abs(hashtext(e.id::text || s.role)) % 5,
  case when s.role = 'brand' then 'Excelente trabajo, muy profesional' else 'Marca clara con el brief y pago puntual' end,
  e.released_at + interval '14 days', e.released_at + interval '1 day',
  case when abs(hashtext(e.id::text || s.role)) % 100 = 0 then e.released_at + interval '2 days' end,
  case when abs(hashtext(e.id::text || s.role)) % 100 = 0 then 'Lenguaje ofensivo' end, e.released_at + interval '1 day'
from app.escrows e, (values ('brand'), ('creator')) s(role)
where e.status = 'released' and e.creator_id::text like '10000000-%' and abs(hashtext(e.id::text)) % 10 < 7;
insert into app.user_ratings (user_id, review_count, rating_sum)
select r.reviewee_id, count(*), sum(r.rating) from app.reviews r
where r.published_at is not null and r.hidden_at is null and r.body in ('Excelente trabajo, muy profesional', 'Marca clara con el brief y pago puntual')
  and not exists (select 1 from app.user_ratings u where u.user_id = r.reviewee_id)
group by r.reviewee_id;`,
    },
    {
      label: 'application events',
      sql: `
-- Stage by stage, so that each application's events have ids in the order they happened.
insert into app.application_events (application_id, brand_id, creator_id, kind, actor_id, created_at)
select a.id, a.brand_id, a.creator_id, 'applied', a.creator_id, a.created_at from app.applications a
where a.pitch like 'Me encantaría participar %';
insert into app.application_events (application_id, brand_id, creator_id, kind, actor_id, created_at)
select a.id, a.brand_id, a.creator_id, a.status, a.brand_id, a.created_at + interval '1 hour' from app.applications a
where a.pitch like 'Me encantaría participar %' and a.status in ('accepted', 'rejected');
insert into app.application_events (application_id, brand_id, creator_id, kind, actor_id, detail, created_at)
select e.application_id, e.brand_id, e.creator_id, 'funded', e.brand_id, jsonb_build_object('amount_cents', e.amount_cents), e.funded_at
from app.escrows e where e.creator_id::text like '10000000-%' and e.status <> 'awaiting_funding';
insert into app.application_events (application_id, brand_id, creator_id, kind, actor_id, detail, created_at)
select r.application_id, r.brand_id, r.creator_id, case when r.round = 1 then 'submitted' else 'resubmitted' end, r.creator_id,
  jsonb_build_object('round', r.round, 'deliverable_id', r.deliverable_id), r.submitted_at
from app.deliverable_rounds r where r.content_url like 'https://example.com/%' order by r.round;
insert into app.application_events (application_id, brand_id, creator_id, kind, actor_id, detail, created_at)
select r.application_id, r.brand_id, r.creator_id, case r.decision when 'rejected' then 'content_rejected' else r.decision end,
  r.decided_by, jsonb_build_object('round', r.round, 'deliverable_id', r.deliverable_id), r.decided_at
from app.deliverable_rounds r where r.content_url like 'https://example.com/%' and r.decision is not null order by r.round;
insert into app.application_events (application_id, brand_id, creator_id, kind, actor_id, detail, created_at)
select e.application_id, e.brand_id, e.creator_id, 'released', null, jsonb_build_object('amount_cents', 8500), e.released_at
from app.escrows e where e.creator_id::text like '10000000-%' and e.status = 'released';
insert into app.application_events (application_id, brand_id, creator_id, kind, actor_id, detail, created_at)
select d.application_id, d.brand_id, d.creator_id, 'disputed', d.opened_by, jsonb_build_object('reason', d.reason), d.created_at
from app.disputes d where d.details = 'El contenido no corresponde a lo acordado en la campaña';
insert into app.application_events (application_id, brand_id, creator_id, kind, actor_id, detail, created_at)
select r.application_id, a.brand_id, a.creator_id, 'reviewed', r.reviewer_id, jsonb_build_object('reviewer_role', r.reviewer_role), r.created_at
from app.reviews r join app.applications a on a.id = r.application_id
where r.body in ('Excelente trabajo, muy profesional', 'Marca clara con el brief y pago puntual');`,
    },
    {
      label: 'delivery checks and post snapshots',
      sql: `
-- Triggers are off here, so the checks a submission queues are written directly: 9 in 10 deliverables are
-- verified (published an hour before submission) with their three snapshots taken, the rest still due
-- (decision 0055).
insert into app.delivery_checks (deliverable_id, application_id, creator_id, brand_id, content_url, outcome, platform, post_id,
  published_at, live_until, checked_at, attempts, next_attempt_at, created_at)
select d.id, d.application_id, d.creator_id, d.brand_id, d.content_url,
  case when v then 'verified' else 'pending' end, case when v then 'instagram' end, case when v then d.id::text end,
  case when v then d.created_at - interval '1 hour' end, case when v then d.created_at + interval '30 days' end,
  case when v then d.created_at end, case when v then 1 else 0 end, case when v then null else d.created_at end, d.created_at
from (select d.*, abs(hashtext(d.id::text || 'v')) % 10 <> 0 as v from app.deliverables d) d
on conflict (deliverable_id) do nothing; -- the seed's own deliverables have theirs already
insert into app.post_snapshots (deliverable_id, checkpoint, due_at, taken_at, views, likes, comments, shares, saves, reach, is_live, attempts)
select k.deliverable_id, c.checkpoint, k.published_at + c.after, k.published_at + c.after, 1000 * c.f, 80 * c.f, 6 * c.f,
  case when abs(hashtext(k.deliverable_id::text)) % 3 = 0 then null else 4 * c.f end, null, 700 * c.f, true, 1
from app.delivery_checks k,
  (values ('24h', interval '24 hours', 1), ('7d', interval '7 days', 3), ('30d', interval '30 days', 5)) c (checkpoint, after, f)
where k.outcome = 'verified'
on conflict on constraint post_snapshots_once do nothing;
-- 1 in 200 verified posts went down inside its 30 days (what api.removed_posts lists for admins).
update app.delivery_checks k set removed_at = k.published_at + interval '10 days', removed_as = 'deleted'
where k.outcome = 'verified' and abs(hashtext(k.deliverable_id::text || 'r')) % 200 = 0;`,
    },
    {
      label: 'hire licences and renewals',
      sql: `
-- Every hire (escrow) has the licence it agreed (decision 0056): 1 in 3 paid usage, the rest organic, terms of
-- 30 to 365 days from the funding. 1 in 10 hires has a renewal (decision 0060): half funded, the rest offered,
-- accepted unpaid or declined; the benchmarked brand has accepted unpaid ones (renewal_quote's subject).
insert into app.hire_licences (application_id, campaign_id, brand_id, creator_id, usage_kind, usage_platforms, usage_territory,
  usage_term_days, usage_price_cents, content_cents, starts_at, ends_at, created_at)
select e.application_id, e.campaign_id, e.brand_id, e.creator_id, case when p then 'paid' else 'organic' end,
  array['instagram', 'tiktok'], case when p then array['US', 'MX'] end, t, case when p then 5000 end, e.amount_cents,
  coalesce(e.funded_at, e.created_at), coalesce(e.funded_at, e.created_at) + make_interval(days => t), e.created_at
from (select e.*, abs(hashtext(e.application_id::text || 'l')) % 3 = 0 as p,
        30 + abs(hashtext(e.application_id::text || 't')) % 336 as t from app.escrows e) e
on conflict (application_id) do nothing; -- the seed's hires have theirs
insert into app.licence_renewals (application_id, brand_id, creator_id, term_days, price_cents, status, created_at, decided_at,
  funded_at, starts_at, ends_at)
select l.application_id, l.brand_id, l.creator_id, 90, 2500, case when k < 2 or (k = 2 and b) then 'accepted' when k = 3 then 'offered' else 'declined' end,
  l.ends_at - interval '10 days', case when k <> 3 then l.ends_at - interval '9 days' end,
  case when k < 2 then l.ends_at - interval '8 days' end, case when k < 2 then l.ends_at end,
  case when k < 2 then l.ends_at + interval '90 days' end
from (select l.*, abs(hashtext(l.application_id::text || 'k')) % 5 as k, l.brand_id = '${BRAND}' as b from app.hire_licences l
      where abs(hashtext(l.application_id::text || 'r')) % 10 = 0 or l.brand_id = '${BRAND}') l
where l.application_id not in (select r.application_id from app.licence_renewals r);`,
    },
    {
      label: 'tax forms, documents, drafts',
      sql: `
-- Every creator has a form on file (decision 0051): 1 in 20 a W-9 (a US person), the rest a W-8BEN. The number
-- is really encrypted (the exports and the admin's read decrypt it), once, and the ciphertext shared.
insert into app.tax_forms (creator_id, form_type, legal_name, citizenship_country, date_of_birth, address_street, address_city,
  address_country, tax_classification, tin_kind, tin_encrypted, tin_key_source, tin_last4, signer_name, signed_on,
  perjury_accepted, expires_on, created_at)
select p.id, case when x.w9 then 'w9' else 'w8ben' end, p.full_name, case when not x.w9 then 'MX' end,
  case when not x.w9 then date '1995-05-05' end, 'Calle Reforma 100', 'Ciudad de México', case when x.w9 then 'US' else 'MX' end,
  case when x.w9 then 'individual' end, case when x.w9 then 'ssn' else 'rfc' end, k.c, 'database', case when x.w9 then '6789' else 'GR8' end,
  p.full_name, date '2025-03-01', true, case when not x.w9 then date '2028-12-31' end, timestamptz '2025-03-01'
from app.profiles p
  cross join (select app.tax_id_encrypt('GODE561231GR8', 'database') c) k
  cross join lateral (select abs(hashtext(p.id::text || 'w9')) % 20 = 0 as w9) x
where p.role = 'creator' and not exists (select 1 from app.tax_forms f where f.creator_id = p.id and f.superseded_at is null);
-- A numbered receipt for each completed payment (the brand's) and a statement per creator per month with a payout
-- (decision 0057), numbered in one series per kind and year.
insert into app.documents (kind, series, year, number, source_key, payment_id, brand_id, creator_id, language, storage_path, rendered_at, created_at)
select 'receipt', 'R', 2000 + n / 1000000, n % 1000000, 'bench-payment:' || p.id, p.id, p.brand_id, p.creator_id, 'en',
  'receipts/' || p.id || '.pdf', p.payment_date, p.payment_date
from (select p.*, 1000000 + row_number() over (order by p.id) n from app.payments p where p.status = 'completed') p
on conflict do nothing;
insert into app.documents (kind, series, year, number, source_key, creator_id, period_start, language, storage_path, rendered_at, created_at)
select 'statement', 'S', 2000 + n / 1000000, n % 1000000, 'bench-statement:' || o.creator_id || ':' || o.m, o.creator_id, o.m, 'es',
  'statements/' || o.creator_id || '/' || o.m || '.pdf', o.m + interval '1 month', o.m + interval '1 month'
from (select o.creator_id, date_trunc('month', o.paid_at)::date m, 1000000 + row_number() over (order by o.creator_id, date_trunc('month', o.paid_at)) n
      from app.payouts o where o.status = 'paid' group by o.creator_id, date_trunc('month', o.paid_at)) o
on conflict do nothing;
-- 1 hire in 5 reviewed drafts before posting (decision 0049): round 1 changes requested, round 2 approved.
insert into app.drafts (application_id, creator_id, brand_id, round, storage_path, kind, size_bytes, mime_type, uploaded_at, status, decided_by, decided_at)
select d.application_id, d.creator_id, d.brand_id, r, d.creator_id || '/' || d.application_id || '/round-' || r || '.mp4', 'video',
  40000000, 'video/mp4', d.created_at - make_interval(hours => 10 - r * 3), case when r = 1 then 'changes_requested' else 'approved' end,
  d.brand_id, d.created_at - make_interval(hours => 9 - r * 3)
from app.deliverables d cross join generate_series(1, 2) r
where abs(hashtext(d.application_id::text || 'draft')) % 5 = 0 or d.id = (select e.released_deliverable_id from app.escrows e
  where e.brand_id = '${BRAND}' and e.status = 'released' and e.creator_id::text like '10000000-%' order by e.application_id limit 1)
on conflict do nothing;`,
    },
    {
      label: 'notifications and email outbox',
      afterBackground: true,
      sql: `
-- The other party's bell for each event (what app.notify_application_event writes), 9 in 10 read by now.
insert into app.notifications (user_id, kind, actor_id, application_id, campaign_id, deliverable_id, data, read_at, created_at)
select case when ev.kind in ('applied', 'submitted', 'resubmitted') then ev.brand_id
            when ev.kind = 'disputed' then ev.creator_id
            when ev.kind = 'reviewed' and ev.actor_id = ev.brand_id then ev.creator_id
            when ev.kind = 'reviewed' then ev.brand_id else ev.creator_id end,
  case ev.kind when 'applied' then 'application_received' when 'accepted' then 'application_accepted'
    when 'rejected' then 'application_rejected' when 'funded' then 'hire_funded' when 'submitted' then 'content_submitted'
    when 'resubmitted' then 'content_submitted' when 'changes_requested' then 'changes_requested'
    when 'approved' then 'content_approved' when 'content_rejected' then 'content_rejected'
    when 'released' then 'money_released' when 'disputed' then 'dispute_opened' else 'review_received' end,
  ev.actor_id, ev.application_id, a.campaign_id, (ev.detail ->> 'deliverable_id')::uuid,
  jsonb_build_object('campaign_title', c.title) || case when ev.detail ? 'round' then jsonb_build_object('round', ev.detail -> 'round') else '{}' end,
  case when ev.id % 10 <> 0 then ev.created_at + interval '2 hours' end, ev.created_at
from app.application_events ev join app.applications a on a.id = ev.application_id join app.campaigns c on c.id = a.campaign_id
where a.pitch like 'Me encantaría participar %';
-- New-message bells: one per burst, about 1 message in 10 starts one.
insert into app.notifications (user_id, kind, actor_id, data, read_at, created_at)
select m.receiver_id, 'new_message', m.sender_id, '{"count": 1}', case when m.read then m.created_at + interval '5 minutes' end, m.created_at
from app.messages m where m.content like 'Mensaje número %0';
-- The emails those bells were worth (1 in 3, messages aside), sent long ago except the newest.
insert into app.email_outbox (user_id, notification_id, category, template, to_address, locale, data, status, attempts,
  next_attempt_at, sent_at, created_at)
select n.user_id, n.id,
  case when n.kind like 'application_%' then 'applications'
       when n.kind in ('hire_funded', 'content_submitted', 'changes_requested', 'content_approved', 'content_rejected') then 'work'
       when n.kind in ('money_released', 'money_refunded', 'payout_paid', 'payout_failed') then 'payments'
       else 'disputes_reviews' end,
  n.kind, p.email, coalesce(p.language, 'es'), n.data || jsonb_build_object('recipient_name', p.full_name),
  case when n.created_at > now() - interval '10 minutes' then 'pending' else 'sent' end,
  case when n.created_at > now() - interval '10 minutes' then 0 else 1 end, n.created_at,
  case when n.created_at > now() - interval '10 minutes' then null else n.created_at + interval '1 minute' end, n.created_at
from app.notifications n join app.profiles p on p.id = n.user_id
where n.kind <> 'new_message' and p.email like '%@bench.test' and abs(hashtext(n.id::text)) % 3 = 0;
insert into app.email_preferences (user_id, applications, work, payments, disputes_reviews, messages, updated_at)
select p.id, g % 4 <> 0, true, true, g % 7 <> 0, (array['instant', 'daily', 'off'])[1 + g % 3], now() - (g || ' minutes')::interval
from generate_series(1, ${B + C}, 10) g join app.profiles p on p.id = ${uid('g')};`,
    },
  ];
}
