-- Data API: the brand's /analytics screen. Figures per campaign and their totals, computed from the brand's
-- own rows (applications, deliverables, completed payments); brands only, refused for every other role.

/**
 * One row per campaign of the calling brand, newest campaign first:
 * - applications_total / _pending / _accepted / _rejected: applications by status;
 * - deliverables_submitted: every content link creators handed in (any review status);
 * - deliverables_approved: content the brand approved;
 * - amount_paid_cents: completed payments for the campaign's deliverables (US cents);
 * - acceptance_rate: accepted / decided (accepted + rejected) in percent with one decimal, null when
 *   nothing was decided yet (the same rule as api.creator_statistics).
 * Invoker: RLS already limits a brand to its own rows; the explicit brand filters keep admins (who may read
 * everything) from getting a platform-wide answer, and the role check refuses creators and admins outright.
 */
create or replace function api.brand_analytics()
returns table (
  campaign_id uuid,
  title text,
  status text,
  created_at timestamptz,
  applications_total integer,
  applications_pending integer,
  applications_accepted integer,
  applications_rejected integer,
  deliverables_submitted integer,
  deliverables_approved integer,
  amount_paid_cents bigint,
  acceptance_rate numeric
)
language plpgsql
stable
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  if app.current_role() is distinct from 'brand' then
    perform app.fail('42501', 'Only brands can view analytics', 'not_brand');
  end if;
  return query
    with apps as (
      select a.campaign_id,
        count(*)::integer as total,
        (count(*) filter (where a.status = 'pending'))::integer as pending,
        (count(*) filter (where a.status = 'accepted'))::integer as accepted,
        (count(*) filter (where a.status = 'rejected'))::integer as rejected
      from app.applications a
      where a.brand_id = (select auth.uid())
      group by a.campaign_id
    ),
    work as (
      select d.campaign_id,
        count(*)::integer as submitted,
        (count(*) filter (where d.status = 'approved'))::integer as approved
      from app.deliverables d
      where d.brand_id = (select auth.uid())
      group by d.campaign_id
    ),
    paid as (
      select d.campaign_id, sum(p.amount_cents)::bigint as cents
      from app.payments p
      join app.deliverables d on d.id = p.deliverable_id
      where p.brand_id = (select auth.uid()) and p.status = 'completed'
      group by d.campaign_id
    )
    select c.id, c.title, c.status, c.created_at,
      coalesce(apps.total, 0), coalesce(apps.pending, 0), coalesce(apps.accepted, 0), coalesce(apps.rejected, 0),
      coalesce(work.submitted, 0), coalesce(work.approved, 0),
      coalesce(paid.cents, 0)::bigint,
      case when coalesce(apps.accepted, 0) + coalesce(apps.rejected, 0) = 0 then null
        else round(100.0 * apps.accepted / (apps.accepted + apps.rejected), 1) end
    from app.campaigns c
    left join apps on apps.campaign_id = c.id
    left join work on work.campaign_id = c.id
    left join paid on paid.campaign_id = c.id
    where c.brand_id = (select auth.uid())
    order by c.created_at desc, c.id desc;
end;
$$;
comment on function api.brand_analytics() is
  'Per-campaign figures of the calling brand: applications by status, content, amount paid, acceptance rate.';

/**
 * The totals of api.brand_analytics() over all the brand's campaigns, as one row (zeros when it has none).
 * Built on api.brand_analytics() itself, so the two can never disagree and the same role check applies;
 * the acceptance rate is recomputed from the summed decisions, not averaged over campaigns.
 */
create or replace function api.brand_analytics_totals()
returns table (
  campaigns integer,
  active_campaigns integer,
  applications_total integer,
  applications_pending integer,
  applications_accepted integer,
  applications_rejected integer,
  deliverables_submitted integer,
  deliverables_approved integer,
  amount_paid_cents bigint,
  acceptance_rate numeric
)
language sql
stable
set search_path = ''
as $$
  select count(*)::integer,
    (count(*) filter (where b.status = 'active'))::integer,
    coalesce(sum(b.applications_total), 0)::integer,
    coalesce(sum(b.applications_pending), 0)::integer,
    coalesce(sum(b.applications_accepted), 0)::integer,
    coalesce(sum(b.applications_rejected), 0)::integer,
    coalesce(sum(b.deliverables_submitted), 0)::integer,
    coalesce(sum(b.deliverables_approved), 0)::integer,
    coalesce(sum(b.amount_paid_cents), 0)::bigint,
    case when coalesce(sum(b.applications_accepted + b.applications_rejected), 0) = 0 then null
      else round(100.0 * sum(b.applications_accepted) / sum(b.applications_accepted + b.applications_rejected), 1) end
  from api.brand_analytics() b
$$;
comment on function api.brand_analytics_totals() is
  'Totals of api.brand_analytics() for the calling brand (one row).';

revoke execute on function api.brand_analytics(), api.brand_analytics_totals() from public, anon;
grant execute on function api.brand_analytics(), api.brand_analytics_totals() to authenticated;
