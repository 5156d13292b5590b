-- Connected accounts (20250201000100), usage rights (20250201000330), documents (20250201000400) and
-- delivery checks each added notification kinds to the lists as they stood before the others: each later
-- list left the earlier ones' kinds out. The lists again, with every kind
-- (supabase/functions/_shared/contract/notification-kinds.ts is their one source;
-- notification-kinds-contract.test.ts compares them).
alter table app.notifications drop constraint notifications_kind_valid;
alter table app.notifications add constraint notifications_kind_valid check (kind = any (array['application_received'::text, 'application_accepted'::text, 'application_rejected'::text, 'hire_funded'::text, 'hire_canceled'::text, 'content_submitted'::text, 'changes_requested'::text, 'content_approved'::text, 'content_rejected'::text, 'auto_approval_soon'::text, 'money_released'::text, 'money_refunded'::text, 'payout_paid'::text, 'payout_failed'::text, 'dispute_opened'::text, 'dispute_resolved'::text, 'review_received'::text, 'new_message'::text, 'dispute_message'::text, 'draft_submitted'::text, 'draft_reviewed'::text, 'tax_form_expiring'::text, 'social_reconnect_needed'::text, 'statement_ready'::text, 'licence_ending'::text, 'post_removed'::text]));

create or replace function app.email_category(kind text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when kind in ('application_received', 'application_accepted', 'application_rejected') then 'applications'
    when kind in ('hire_funded', 'hire_canceled', 'content_submitted', 'changes_requested', 'content_approved',
                  'content_rejected', 'auto_approval_soon', 'draft_submitted', 'draft_reviewed', 'licence_ending', 'post_removed') then 'work'
    when kind in ('money_released', 'money_refunded', 'payout_paid', 'payout_failed', 'tax_form_expiring', 'statement_ready') then 'payments'
    when kind in ('dispute_opened', 'dispute_resolved', 'review_received', 'dispute_message') then 'disputes_reviews'
    when kind in ('new_message', 'message_digest') then 'messages'
    -- About the account itself: sent whatever the email settings say, like the brand approval emails.
    when kind in ('social_reconnect_needed') then 'account'
  end
$$;
