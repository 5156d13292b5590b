-- Data API: the creator profile's Portfolio and Statistics tabs, computed from real rows (the spec's
-- hard-coded placeholders are replaced by what the marketplace actually knows about the creator).

/**
 * A creator's approved content, newest approval first: the content link, the campaign it was made for and
 * when the brand approved it. Security definer because deliverables are visible only to their two parties
 * under RLS, while approved content is what a creator shows any signed-in visitor of their profile; it
 * returns only approved rows and only these public columns (never feedback or pending work).
 * No rows when the user is not a creator or has no approved content.
 */
create or replace function api.creator_portfolio(creator_id uuid, page_size integer default 24)
returns table (deliverable_id uuid, content_url text, campaign_id uuid, campaign_title text, approved_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  return query
    select d.id, d.content_url, c.id, c.title, d.updated_at
    from app.deliverables d
    join app.campaigns c on c.id = d.campaign_id
    where d.creator_id = creator_portfolio.creator_id and d.status = 'approved'
    order by d.updated_at desc, d.id desc
    limit least(greatest(coalesce(page_size, 24), 1), 100);
end;
$$;
comment on function api.creator_portfolio(uuid, integer) is
  'Approved content links of a creator (public part of their profile).';

/**
 * A creator's track record for the profile's Statistics tab:
 * - campaigns_completed: distinct campaigns with at least one approved deliverable;
 * - approved_deliverables: approved content pieces;
 * - applications_total / _accepted / _rejected: their applications by outcome (pending ones are undecided);
 * - acceptance_rate: accepted / decided (accepted + rejected) in percent with one decimal, null when
 *   nothing was decided yet;
 * - member_since: when the account was created.
 * Security definer because a visitor cannot read another user's applications under RLS; only these
 * aggregates leave the function. No row when the user is not a creator.
 */
create or replace function api.creator_statistics(creator_id uuid)
returns table (
  campaigns_completed integer,
  approved_deliverables integer,
  applications_total integer,
  applications_accepted integer,
  applications_rejected integer,
  acceptance_rate numeric,
  member_since timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  return query
    with apps as (
      select count(*)::integer as total,
        (count(*) filter (where a.status = 'accepted'))::integer as accepted,
        (count(*) filter (where a.status = 'rejected'))::integer as rejected
      from app.applications a
      where a.creator_id = creator_statistics.creator_id
    ),
    work as (
      select count(distinct d.campaign_id)::integer as campaigns, count(*)::integer as approved
      from app.deliverables d
      where d.creator_id = creator_statistics.creator_id and d.status = 'approved'
    )
    select work.campaigns, work.approved, apps.total, apps.accepted, apps.rejected,
      case when apps.accepted + apps.rejected = 0 then null
        else round(100.0 * apps.accepted / (apps.accepted + apps.rejected), 1) end,
      p.created_at
    from app.profiles p, apps, work
    where p.id = creator_statistics.creator_id and p.role = 'creator';
end;
$$;
comment on function api.creator_statistics(uuid) is
  'Aggregated track record of a creator: completed campaigns, approved content, application outcomes.';

revoke execute on function api.creator_portfolio(uuid, integer), api.creator_statistics(uuid) from public, anon;
grant execute on function api.creator_portfolio(uuid, integer), api.creator_statistics(uuid) to authenticated;
