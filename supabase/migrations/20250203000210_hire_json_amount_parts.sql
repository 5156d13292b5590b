-- Decision 0056 amended: a hire's json names its amount's parts (content_cents, licence_cents), so the
-- deliverable page keeps "Pay creator" for a hire whose escrow funds only a licence (content 0).
create or replace function app.hire_json(application_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'escrow_id', e.id, 'status', e.status, 'amount_cents', e.amount_cents, 'fee_bps', e.fee_bps,
    'fee_cents', case when e.status in ('released', 'refund_pending', 'refunded', 'canceled', 'charged_back') then m.fee_cents else app.platform_fee(e.amount_cents, e.fee_bps) end,
    'creator_cents', case when e.status in ('released', 'refund_pending', 'refunded', 'canceled', 'charged_back') then m.net_cents else e.amount_cents - app.platform_fee(e.amount_cents, e.fee_bps) end,
    'held_cents', m.held_cents,
    'released_cents', m.released_cents,
    'refunded_cents', m.refunded_cents,
    'funded_at', e.funded_at, 'released_at', e.released_at, 'release_reason', e.release_reason,
    'refunded_at', e.refunded_at, 'canceled_at', e.canceled_at, 'cancel_reason', e.cancel_reason,
    'review_due_at', (select min(d.review_due_at) from app.deliverables d where d.application_id = e.application_id),
    'content_cents', coalesce(x.content_cents, e.amount_cents), 'licence_cents', coalesce(x.licence_cents, 0))
  from app.escrows e
  cross join lateral app.hire_money(e.id) m
  left join lateral app.hire_amount_parts(e.application_id, e.amount_cents) x on true
  where e.application_id = hire_json.application_id
$$;
grant execute on function app.hire_json(application_id uuid) to authenticated, service_role;
