-- The hired creator is told when a renewal is paid: the licence runs longer and the money is in their
-- earnings (decision 0060; a $0.00 renewal is funded by their own acceptance and tells nobody).

alter table app.notifications drop constraint notifications_kind_valid;
alter table app.notifications add constraint notifications_kind_valid check (kind = any (array['application_received'::text, 'application_accepted'::text, 'application_rejected'::text, 'hire_funded'::text, 'hire_canceled'::text, 'content_submitted'::text, 'changes_requested'::text, 'content_approved'::text, 'content_rejected'::text, 'auto_approval_soon'::text, 'money_released'::text, 'money_refunded'::text, 'payout_paid'::text, 'payout_failed'::text, 'dispute_opened'::text, 'dispute_resolved'::text, 'review_received'::text, 'new_message'::text, 'dispute_message'::text, 'draft_submitted'::text, 'draft_reviewed'::text, 'tax_form_expiring'::text, 'social_reconnect_needed'::text, 'statement_ready'::text, 'licence_ending'::text, 'post_removed'::text, 'licence_renewal_offered'::text, 'licence_renewal_decided'::text, 'licence_renewal_paid'::text]));

create or replace function app.email_category(kind text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when kind in ('application_received', 'application_accepted', 'application_rejected') then 'applications'
    when kind in ('hire_funded', 'hire_canceled', 'content_submitted', 'changes_requested', 'content_approved',
                  'content_rejected', 'auto_approval_soon', 'draft_submitted', 'draft_reviewed', 'licence_ending', 'post_removed',
                  'licence_renewal_offered', 'licence_renewal_decided', 'licence_renewal_paid') then 'work'
    when kind in ('money_released', 'money_refunded', 'payout_paid', 'payout_failed', 'tax_form_expiring', 'statement_ready') then 'payments'
    when kind in ('dispute_opened', 'dispute_resolved', 'review_received', 'dispute_message') then 'disputes_reviews'
    when kind in ('new_message', 'message_digest') then 'messages'
    -- About the account itself: sent whatever the email settings say, like the brand approval emails.
    when kind in ('social_reconnect_needed') then 'account'
  end
$$;

create or replace function app.notify_licence_renewal()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform app.notify(new.creator_id, 'licence_renewal_offered', new.brand_id, new.application_id,
      jsonb_build_object('count', new.term_days, 'amount_cents', new.price_cents, 'renewal_id', new.id));
  elsif old.status = 'offered' and new.status in ('accepted', 'declined') then
    perform app.notify(new.brand_id, 'licence_renewal_decided', new.creator_id, new.application_id,
      jsonb_build_object('count', new.term_days, 'amount_cents', new.price_cents, 'renewal_id', new.id, 'decision', new.status));
  end if;
  -- Paid by card: the creator is told the licence runs longer (a $0.00 renewal is funded by their own acceptance).
  if tg_op = 'UPDATE' and old.funded_at is null and new.funded_at is not null and new.price_cents > 0 then
    perform app.notify(new.creator_id, 'licence_renewal_paid', new.brand_id, new.application_id,
      jsonb_build_object('count', new.term_days, 'renewal_id', new.id, 'expires_on', to_char(new.ends_at at time zone 'UTC', 'YYYY-MM-DD')));
  end if;
  return null;
end;
$$;

drop trigger licence_renewals_notify on app.licence_renewals;
create trigger licence_renewals_notify after insert or update of status, funded_at on app.licence_renewals for each row execute function app.notify_licence_renewal();
