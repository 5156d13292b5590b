-- Issue 35 item 1 (decision 0053): a creator whose platform refused to refresh a connected account's grant
-- (revoked or expired) is told once, in the bell and by email, when the account turns reconnect_needed.
-- Both kind lists again with every kind (supabase/functions/_shared/contract/notification-kinds.ts is their
-- one source; notification-kinds-contract.test.ts compares them).
alter table app.notifications drop constraint notifications_kind_valid;
alter table app.notifications add constraint notifications_kind_valid check (kind = any (array['application_received'::text, 'application_accepted'::text, 'application_rejected'::text, 'hire_funded'::text, 'hire_canceled'::text, 'content_submitted'::text, 'changes_requested'::text, 'content_approved'::text, 'content_rejected'::text, 'auto_approval_soon'::text, 'money_released'::text, 'money_refunded'::text, 'payout_paid'::text, 'payout_failed'::text, 'dispute_opened'::text, 'dispute_resolved'::text, 'review_received'::text, 'new_message'::text, 'dispute_message'::text, 'draft_submitted'::text, 'draft_reviewed'::text, 'tax_form_expiring'::text, 'social_reconnect_needed'::text]));

-- Email category 'account' (like the brand approval emails): it is about the creator's own account and asks
-- them to act, so it is not one of the switches a creator can turn off (app.wants_email is true for it),
-- and it carries no unsubscribe link.
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
    when kind in ('money_released', 'money_refunded', 'payout_paid', 'payout_failed', 'tax_form_expiring') then 'payments'
    when kind in ('dispute_opened', 'dispute_resolved', 'review_received', 'dispute_message') then 'disputes_reviews'
    when kind in ('new_message', 'message_digest') then 'messages'
    when kind in ('social_reconnect_needed') then 'account'
  end
$$;

-- The refresh job reports a refusal: told on the transition only (connected -> reconnect_needed), so the
-- next slots' failures of an account already waiting for its creator add nothing to the bell or the inbox.
create or replace function api.social_account_refresh_failed(account_id uuid, reconnect boolean, error text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  acc app.social_accounts;
begin
  select * into acc from app.social_accounts s where s.id = social_account_refresh_failed.account_id for update;
  if not found then
    return;
  end if;
  update app.social_accounts s set
    status = case when social_account_refresh_failed.reconnect then 'reconnect_needed' else s.status end,
    last_refresh_at = now(), last_refresh_error = left(social_account_refresh_failed.error, 500)
  where s.id = acc.id;
  if social_account_refresh_failed.reconnect and acc.status = 'connected' then
    perform app.notify(acc.creator_id, 'social_reconnect_needed', null, null,
      jsonb_build_object('account_id', acc.id, 'platform', acc.platform, 'handle', acc.handle));
  end if;
end;
$$;
comment on function api.social_account_refresh_failed(uuid, boolean, text) is 'Security definer: the connected-account tables grant nothing to API roles (tokens are never readable by one); this function is the only way in. The refresh job reports a failed refresh: reconnect marks the account reconnect_needed and tells its creator once (social_reconnect_needed), else the passing error is kept. Service role only.';
