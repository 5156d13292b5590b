-- Decision 0057, the parts built after the first slice:
-- 1. Each receipt is emailed to its brand with the PDF attached. The receipt's trigger queues one outbox
--    row (template payment_receipt, category payments) naming the document; the emails function reads
--    what the email needs through api.email_document, has the documents function draw the PDF if it is
--    not drawn yet, and attaches it.
-- 2. A creator is told (bell and email, kind statement_ready, category payments) when their monthly
--    statement is issued.
-- 3. Receipts and statements carry the campaign's usage rights (decision 0056) as `licence`; the PDF
--    builders word it in the document's language.

alter table app.notifications drop constraint notifications_kind_valid;
alter table app.notifications add constraint notifications_kind_valid check (kind = any (array['application_received'::text, 'application_accepted'::text, 'application_rejected'::text, 'hire_funded'::text, 'hire_canceled'::text, 'content_submitted'::text, 'changes_requested'::text, 'content_approved'::text, 'content_rejected'::text, 'auto_approval_soon'::text, 'money_released'::text, 'money_refunded'::text, 'payout_paid'::text, 'payout_failed'::text, 'dispute_opened'::text, 'dispute_resolved'::text, 'review_received'::text, 'new_message'::text, 'dispute_message'::text, 'draft_submitted'::text, 'draft_reviewed'::text, 'tax_form_expiring'::text, 'statement_ready'::text]));

create or replace function app.email_category(kind text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when kind in ('application_received', 'application_accepted', 'application_rejected') then 'applications'
    when kind in ('hire_funded', 'hire_canceled', 'content_submitted', 'changes_requested', 'content_approved',
                  'content_rejected', 'auto_approval_soon', 'draft_submitted', 'draft_reviewed') then 'work'
    when kind in ('money_released', 'money_refunded', 'payout_paid', 'payout_failed', 'tax_form_expiring', 'statement_ready') then 'payments'
    when kind in ('dispute_opened', 'dispute_resolved', 'review_received', 'dispute_message') then 'disputes_reviews'
    when kind in ('new_message', 'message_digest') then 'messages'
  end
$$;

/**
 * The usage rights a campaign buys (decision 0056) as the documents print them; null when the campaign
 * is gone (documents outlive campaigns). The words are the PDF builders', in the reader's language.
 */
create or replace function app.document_licence(campaign_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('usage', c.usage_kind, 'platforms', to_jsonb(c.usage_platforms),
    'territory', to_jsonb(c.usage_territory), 'term_days', c.usage_term_days, 'price_cents', c.usage_price_cents,
    'exclusivity_category', c.exclusivity_category, 'exclusivity_days', c.exclusivity_days)
  from app.campaigns c where c.id = document_licence.campaign_id
$$;
revoke execute on function app.document_licence(uuid) from public, anon, authenticated, service_role;

/** What a document says, as the PDF builders take it (supabase/functions/_shared/documents/builders.ts). */
create or replace function app.document_content(d app.documents)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  platform jsonb := (select to_jsonb(p) - 'id' - 'updated_at' from app.platform_details p);
  amount bigint;
  fee bigint;
  period_end date;
begin
  if d.kind <> 'statement' then
    select abs(coalesce(sum(e.amount_cents) filter (where e.account = 'stripe_balance'), 0)),
      coalesce(-sum(e.amount_cents) filter (where e.account = 'platform_fees'), 0)
      into amount, fee
      from app.ledger_entries e where e.transaction_id = d.ledger_transaction_id;
    -- A funded hire keeps its fee until release; the receipt shows the fee fixed at acceptance.
    if d.kind = 'receipt' and fee = 0 then
      select app.platform_fee(amount, x.fee_bps) into fee
        from app.ledger_transactions t join app.escrows x on x.id = t.escrow_id where t.id = d.ledger_transaction_id;
    end if;
    return jsonb_build_object('kind', d.kind, 'document_number', d.document_number,
      'issued_on', to_char(d.created_at at time zone 'UTC', 'YYYY-MM-DD'), 'language', d.language, 'platform', platform,
      'brand_name', coalesce(app.display_name(d.brand_id), '—'),
      'campaign_title', (select c.title from app.campaigns c where c.id = d.campaign_id),
      'creator_name', app.display_name(d.creator_id),
      'licence', app.document_licence(d.campaign_id),
      'amount_cents', amount, 'fee_cents', coalesce(fee, 0));
  end if;
  period_end := (d.period_start + interval '1 month')::date;
  return jsonb_build_object('document_number', d.document_number,
    'issued_on', to_char(d.created_at at time zone 'UTC', 'YYYY-MM-DD'),
    'period', to_char(d.period_start, 'YYYY-MM'), 'language', d.language, 'platform', platform,
    'country', (select a.country from app.payout_accounts a where a.creator_id = d.creator_id),
    'creator_name', coalesce(app.display_name(d.creator_id), '—'),
    'items', coalesce((
      select jsonb_agg(jsonb_build_object(
          'date', to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD'),
          'client_legal_name', coalesce(app.display_name(t.brand_id), '—'),
          'client_address', null,
          'service', coalesce((select c.title from app.campaigns c where c.id = t.campaign_id), '—'),
          'licence', app.document_licence(t.campaign_id),
          'gross_cents', m.net + m.fee, 'fee_cents', m.fee, 'net_cents', m.net) order by t.created_at, t.id)
        from app.ledger_transactions t
        cross join lateral (
          select coalesce(-sum(e.amount_cents) filter (where e.account = 'creator_available'), 0) net,
            coalesce(-sum(e.amount_cents) filter (where e.account = 'platform_fees'), 0) fee
          from app.ledger_entries e where e.transaction_id = t.id) m
        where t.creator_id = d.creator_id and t.kind in ('release', 'direct_payment')
          and t.created_at >= d.period_start and t.created_at < period_end), '[]'::jsonb),
    'payouts_cents', coalesce((
      select sum(e.amount_cents) from app.ledger_transactions t join app.ledger_entries e on e.transaction_id = t.id
      where t.creator_id = d.creator_id and t.kind = 'payout_paid' and e.account = 'creator_in_transit'
        and t.created_at >= d.period_start and t.created_at < period_end), 0));
end;
$$;

/**
 * A funding or refund posted to the ledger gets its receipt in the same transaction, and the brand an
 * email carrying it. The email names the document only: the amounts are posted after this row (the
 * ledger's entries), so the emails function reads them when it sends (api.email_document).
 */
create or replace function app.ledger_transaction_receipt()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  d app.documents;
begin
  d := app.document_issue(
    case when new.kind in ('refund', 'refund_after_release') then 'refund_receipt' else 'receipt' end,
    case when new.kind in ('refund', 'refund_after_release') then 'refund:' else 'funding:' end || new.subject_id,
    new.created_at,
    (select coalesce(p.language, 'en') from app.profiles p where p.id = new.brand_id),
    brand_id => new.brand_id, creator_id => new.creator_id, campaign_id => new.campaign_id,
    payment_id => new.payment_id, ledger_transaction_id => new.id);
  -- One email per document, whatever retries happen: the digest key is the document's.
  insert into app.email_outbox (user_id, category, template, to_address, locale, data, digest_key, created_at)
  select p.id, 'payments', 'payment_receipt', p.email, app.email_locale(p),
    jsonb_build_object('recipient_name', p.full_name, 'document_id', d.id, 'campaign_id', d.campaign_id),
    'document:' || d.id, new.created_at
  from app.profiles p
  where p.id = d.brand_id and p.email is not null and app.wants_email(p.id, 'payments')
    and not exists (select 1 from app.email_failures f where f.address = lower(p.email))
  on conflict (digest_key) do nothing;
  return null;
end;
$$;

/**
 * The statement job (1st of the month, for the month before): one statement per creator who earned or
 * was paid in that month, and a statement_ready notification (bell and email) for each. Run twice, it
 * issues nothing new. Returns how many it issued.
 */
create or replace function api.statements_issue(month date default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  at timestamptz := app.scheduler_now();
  first date := date_trunc('month', coalesce(statements_issue.month, (at - interval '1 month')::date))::date;
  creator uuid;
  d app.documents;
  issued integer := 0;
begin
  for creator in
    select distinct t.creator_id from app.ledger_transactions t
    where t.creator_id is not null and t.kind in ('release', 'direct_payment', 'payout_paid')
      and t.created_at >= first and t.created_at < (first + interval '1 month')
      and exists (select 1 from app.profiles p where p.id = t.creator_id)
      and not exists (select 1 from app.documents x where x.source_key = 'statement:' || t.creator_id || ':' || to_char(first, 'YYYY-MM'))
    order by 1
  loop
    d := app.document_issue('statement', 'statement:' || creator || ':' || to_char(first, 'YYYY-MM'), at,
      (select coalesce(p.language, 'es') from app.profiles p where p.id = creator),
      creator_id => creator, period_start => first);
    insert into app.notifications (user_id, kind, data, created_at)
    select creator, 'statement_ready',
      jsonb_build_object('document_id', d.id, 'document_number', d.document_number, 'period', to_char(first, 'YYYY-MM')), at;
    issued := issued + 1;
  end loop;
  return issued;
end;
$$;

/**
 * For the emails function: the receipt an outbox email carries, with the figures its text names (the
 * same app.document_content the PDF is drawn from). Only a payment_receipt email's own document, and
 * only when it is that email's recipient's receipt.
 */
create or replace function api.email_document(email_id uuid)
returns table (document_id uuid, kind text, document_number text, storage_path text, amount_cents bigint,
  fee_cents bigint, campaign_title text)
language sql
stable
security definer
set search_path = ''
as $$
  select d.id, d.kind, d.document_number, d.storage_path, (c.content ->> 'amount_cents')::bigint,
    (c.content ->> 'fee_cents')::bigint, c.content ->> 'campaign_title'
  from app.email_outbox o
  join app.documents d on d.id::text = o.data ->> 'document_id'
  cross join lateral (select app.document_content(d) content) c
  where o.id = email_document.email_id and o.template = 'payment_receipt'
    and d.kind <> 'statement' and d.brand_id = o.user_id
$$;
revoke execute on function api.email_document(uuid) from public, anon, authenticated;
grant execute on function api.email_document(uuid) to service_role;
comment on function api.email_document(email_id uuid) is 'Security definer: it reads an outbox email''s receipt and its figures through app.document_content, which no API role may call; granted to service_role only (the emails function), and only the recipient''s own receipt.';
