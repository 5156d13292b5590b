-- Issue 36 item 2 (decision 0056): the renewal offers each side sees. The brand's licence library shows the
-- latest offer of each licence beside its "Offer renewal" action; the hired creator sees the pending offer
-- on the hire, with Accept and Decline (api.decide_licence_renewal). Runs as the caller, so the table's
-- policy (the two parties and admins) decides what is listed.
create or replace function api.licence_renewals(of_application uuid default null::uuid)
returns table (
  id uuid,
  application_id uuid,
  campaign_id uuid,
  campaign_title text,
  brand_name text,
  creator_name text,
  term_days integer,
  price_cents bigint,
  status text,
  created_at timestamp with time zone,
  decided_at timestamp with time zone
)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  return query
    select r.id, r.application_id, a.campaign_id, c.title::text, app.display_name(r.brand_id)::text,
      app.display_name(r.creator_id)::text, r.term_days, r.price_cents, r.status, r.created_at, r.decided_at
    from app.licence_renewals r
    join app.applications a on a.id = r.application_id
    left join app.campaigns c on c.id = a.campaign_id
    where (of_application is null or r.application_id = of_application)
      and (r.brand_id = (select auth.uid()) or r.creator_id = (select auth.uid()))
    order by r.created_at desc, r.id;
end;
$$;
comment on function api.licence_renewals(of_application uuid) is 'The caller''s renewal offers as brand or hired creator, newest first, optionally of one hire: campaign, both parties'' display names, term, price and status (offered / accepted / declined).';
grant execute on function api.licence_renewals(of_application uuid) to authenticated;
