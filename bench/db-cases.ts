/**
 * The calls bench:db times: every `api` function a signed-in user's page calls (reads), the mark-as-read
 * writes the bell and the inbox call on every visit (inside the rolled-back transaction every call gets),
 * and the functions that are not timed with the reason.
 */
import { BRAND, CREATOR } from './db-data.ts';

/** `as` for a call made by a visitor who has not signed in (role anon, no user id). */
export const ANON = 'anon';

export interface Case {
  name: string;
  /** The api function called (for the coverage check). */
  fn: string;
  /** The user the call is made as (auth.uid()). */
  as: string;
  sql: string;
}

/** Rows of the generated data the calls point at, looked up after generation (see `lookupSubjects`). */
export interface Subjects {
  admin: string;
  /** A synthetic creator with a released, reviewed hire of BRAND (and a payout account and ledger lines). */
  hireCreator: string;
  hireApplication: string;
  hireDeliverable: string;
  fundedApplication: string;
  unfundedApplication: string;
  roundsDeliverable: string;
  disputeId: string;
  disputeApplication: string;
  disputeBrand: string;
  brandPaymentIntent: string;
  /** Approved content of BRAND on a performance campaign (no escrow, not paid yet): what payment_quote quotes. */
  directDeliverable: string;
  brandCampaign: string;
  /** An accepted, unpaid renewal of one of the benchmarked brand's hires (renewal_quote). */
  renewalToPay: string;
  /** Any creator's tax form (admin_tax_form_tin). */
  taxForm: string;
  unreadNotification: string;
  contact: string;
  /** The admin's dispute queue after its first page of 50: the 50th waiting dispute's opening time (text) and id. */
  queueAfterOpenedAt: string;
  queueAfterId: string;
}

export const SUBJECTS_SQL = `
select
  (select p.id from app.profiles p where p.role = 'admin' order by p.created_at limit 1) admin,
  h.creator_id hire_creator, h.application_id hire_application, h.released_deliverable_id hire_deliverable,
  (select e.application_id from app.escrows e where e.brand_id = '${BRAND}' and e.status = 'funded'
     and not exists (select 1 from app.deliverables d where d.application_id = e.application_id) order by e.application_id limit 1) funded_application,
  (select e.application_id from app.escrows e where e.brand_id = '${BRAND}' and e.status = 'awaiting_funding' order by e.application_id limit 1) unfunded_application,
  coalesce((select r.deliverable_id from app.deliverable_rounds r where r.brand_id = '${BRAND}' and r.round = 2 order by r.deliverable_id limit 1),
    h.released_deliverable_id) rounds_deliverable,
  d.id dispute_id, d.application_id dispute_application, d.brand_id dispute_brand,
  (select p.stripe_payment_id from app.payments p where p.brand_id = '${BRAND}' and p.stripe_payment_id like 'pi_bench_%' order by p.id limit 1) brand_payment_intent,
  (select d.id from app.deliverables d where d.brand_id = '${BRAND}' and d.status = 'approved'
     and not exists (select 1 from app.escrows e where e.application_id = d.application_id)
     and not exists (select 1 from app.payments p where p.deliverable_id = d.id and p.status = 'completed') order by d.id limit 1) direct_deliverable,
  (select c.id from app.campaigns c where c.brand_id = '${BRAND}' and c.id::text like '20000000-%' order by c.id desc limit 1) brand_campaign,
  (select n.id from app.notifications n where n.user_id = '${BRAND}' and n.read_at is null order by n.created_at desc limit 1) unread_notification,
  (select m.receiver_id from app.messages m where m.sender_id = '${BRAND}' and m.content like 'Mensaje número %' order by m.created_at desc limit 1) contact,
  q.created_at::text queue_after_opened_at, q.id queue_after_id,
  (select r.id from app.licence_renewals r where r.brand_id = '${BRAND}' and r.status = 'accepted' and r.funded_at is null
     order by r.id limit 1) renewal_to_pay,
  (select f.id from app.tax_forms f where f.creator_id = h.creator_id and f.superseded_at is null) tax_form
from (select e.creator_id, e.application_id, e.released_deliverable_id from app.escrows e
      where e.brand_id = '${BRAND}' and e.status = 'released' and e.creator_id::text like '10000000-%'
        and exists (select 1 from app.reviews r where r.application_id = e.application_id)
      order by e.application_id limit 1) h,
  (select d.id, d.application_id, d.brand_id from app.disputes d
   where d.status = 'open' and d.brand_id::text like '10000000-%' order by d.id limit 1) d,
  (select x.created_at, x.id from app.disputes x where x.status in ('open', 'resolving') order by x.created_at, x.id offset 49 limit 1) q`;

export function subjectsFromRow(r: Record<string, string | null>): Subjects {
  const get = (k: string): string => {
    const v = r[k];
    if (!v) throw new Error(`bench:db: the generated data has no row for ${k}`);
    return v;
  };
  return {
    admin: get('admin'), hireCreator: get('hire_creator'), hireApplication: get('hire_application'),
    hireDeliverable: get('hire_deliverable'), fundedApplication: get('funded_application'),
    unfundedApplication: get('unfunded_application'),
    roundsDeliverable: get('rounds_deliverable'), disputeId: get('dispute_id'),
    disputeApplication: get('dispute_application'), disputeBrand: get('dispute_brand'),
    brandPaymentIntent: get('brand_payment_intent'), directDeliverable: get('direct_deliverable'), brandCampaign: get('brand_campaign'),
    unreadNotification: get('unread_notification'), contact: get('contact'),
    queueAfterOpenedAt: get('queue_after_opened_at'), queueAfterId: get('queue_after_id'),
    renewalToPay: get('renewal_to_pay'), taxForm: get('tax_form'),
  };
}

export function benchCases(s: Subjects): Case[] {
  const c = (name: string, as: string, sql: string): Case => {
    const fn = /api\.([a-z0-9_]+)\(/.exec(sql)?.[1];
    if (!fn) throw new Error(`no api function in ${sql}`);
    return { name, fn, as, sql };
  };
  const A = s.admin;
  const HC = s.hireCreator;
  return [
    // Every page: the header, the bell, the inbox badge.
    c('current_profile', CREATOR, 'select * from api.current_profile()'),
    c('unread_notification_count', BRAND, 'select api.unread_notification_count()'),
    c('unread_count', BRAND, 'select api.unread_count()'),
    c('my_notifications', BRAND, 'select * from api.my_notifications()'),
    c('my_notifications page 3', BRAND, `select * from api.my_notifications(before_at => now() - interval '2 hours', before_id => null)`),
    c('mark_notification_read (write)', BRAND, `select api.mark_notification_read('${s.unreadNotification}')`),
    c('mark_all_notifications_read (write)', BRAND, 'select api.mark_all_notifications_read()'),
    // Dashboards.
    c('creator_dashboard', HC, 'select * from api.creator_dashboard()'),
    c('brand_dashboard', BRAND, 'select * from api.brand_dashboard()'),
    // Browse and campaigns.
    c('browse_campaigns', CREATOR, 'select * from api.browse_campaigns()'),
    c('browse_campaigns keyword (rare)', CREATOR, `select * from api.browse_campaigns(keyword => 'edicion unica')`),
    c('browse_campaigns keyword (common)', CREATOR, `select * from api.browse_campaigns(keyword => 'cafe')`),
    c('browse_campaigns keyword + rare type', CREATOR, `select * from api.browse_campaigns(keyword => 'cafe', content_type => 'reel')`),
    c('browse_campaigns filters', CREATOR, `select * from api.browse_campaigns(content_type => 'reel', platform => 'youtube')`),
    c('browse_campaigns page 50', CREATOR, `select * from api.browse_campaigns(after_created_at => now() - interval '1000 seconds', after_id => null)`),
    c('browse_campaigns_count', CREATOR, 'select api.browse_campaigns_count()'),
    c('browse_campaigns_count keyword', CREATOR, `select api.browse_campaigns_count(keyword => 'cafe')`),
    c('browse_campaigns_count keyword + rare type', CREATOR, `select api.browse_campaigns_count(keyword => 'cafe', content_type => 'reel')`),
    // The public list and detail a visitor opens from the landing page (as anon; issue 32).
    c('public_campaigns', ANON, 'select * from api.public_campaigns()'),
    c('public_campaigns filters', ANON, `select * from api.public_campaigns(type_filter => 'reel', platform_filter => 'youtube')`),
    c('public_campaigns page 50', ANON, `select * from api.public_campaigns(after_created_at => now() - interval '1000 seconds', after_id => null)`),
    c('public_campaign', ANON, `select * from api.public_campaign('20000000-0000-4000-8000-000000000001')`),
    c('campaign_detail', CREATOR, `select * from api.campaign_detail('20000000-0000-4000-8000-000000000001')`),
    c('my_campaigns', BRAND, 'select * from api.my_campaigns()'),
    c('my_applications', HC, 'select * from api.my_applications()'),
    c('campaign_applications', BRAND, `select * from api.campaign_applications('${s.brandCampaign}')`),
    // A hire: its timeline, content rounds, money, dispute and reviews.
    c('application_events', BRAND, `select * from api.application_events('${s.hireApplication}')`),
    c('application_deliverables', HC, `select * from api.application_deliverables('${s.hireApplication}')`),
    c('deliverable_detail', BRAND, `select * from api.deliverable_detail('${s.hireDeliverable}')`),
    c('deliverable_rounds', BRAND, `select * from api.deliverable_rounds('${s.roundsDeliverable}')`),
    c('hire_quote', BRAND, `select * from api.hire_quote('${s.unfundedApplication}')`),
    c('cancel_hire_quote', BRAND, `select * from api.cancel_hire_quote('${s.fundedApplication}')`),
    c('fee_preview', BRAND, 'select * from api.fee_preview(25000)'),
    c('payment_quote', BRAND, `select * from api.payment_quote('${s.directDeliverable}', 25000)`),
    c('payment_for_intent', BRAND, `select * from api.payment_for_intent('${s.brandPaymentIntent}')`),
    c('hire_dispute', s.disputeBrand, `select * from api.hire_dispute('${s.disputeApplication}')`),
    c('hire_reviews', BRAND, `select * from api.hire_reviews('${s.hireApplication}')`),
    // Creators and brands in public.
    c('discover_creators', BRAND, 'select * from api.discover_creators()'),
    c('discover_creators search', BRAND, `select * from api.discover_creators(search => 'nunez')`),
    c('discover_creators filters', BRAND, `select * from api.discover_creators(niche => 'Tech', platform => 'tiktok', min_followers => 50000)`),
    c('discover_creators min_rating', BRAND, 'select * from api.discover_creators(min_rating => 4)'),
    // Verified reach (decision 0054): the filter, the sort, and a later page of the sort (keyset).
    c('discover_creators verified_only', BRAND, 'select * from api.discover_creators(verified_only => true)'),
    c('discover_creators by verified_reach', BRAND, `select * from api.discover_creators(sort => 'verified_reach')`),
    c('discover_creators verified page 2', BRAND, `select * from api.discover_creators(verified_only => true, sort => 'verified_reach', after_reach => 150000, after_id => 'ffffffff-ffff-ffff-ffff-ffffffffffff')`),
    c('discover_creators verified niche', BRAND, `select * from api.discover_creators(verified_only => true, niche => 'Food')`),
    c('creator_profile', BRAND, `select * from api.creator_profile('${HC}')`),
    c('portfolio', ANON, `select api.portfolio('${HC}')`),
    c('creator_portfolio', BRAND, `select * from api.creator_portfolio('${HC}')`),
    c('creator_statistics', BRAND, `select * from api.creator_statistics('${HC}')`),
    c('brand_profile', HC, `select * from api.brand_profile('${BRAND}')`),
    c('user_summary', HC, `select * from api.user_summary('${BRAND}')`),
    c('user_reviews', HC, `select * from api.user_reviews('${BRAND}')`),
    c('username_available', CREATOR, `select api.username_available('user_123456')`),
    // Messages.
    c('contacts', BRAND, 'select * from api.contacts()'),
    c('conversation', BRAND, `select * from api.conversation('${s.contact}')`),
    c('mark_conversation_read (write)', BRAND, `select api.mark_conversation_read('${s.contact}')`),
    // Money.
    c('payment_history (brand)', BRAND, 'select * from api.payment_history()'),
    // What the screen asks for: the first page of 50 (and one more, to know whether older ones follow).
    c('payment_history (brand, a page)', BRAND, 'select * from api.payment_history(null, null, 51)'),
    c('payment_history (creator)', HC, 'select * from api.payment_history()'),
    c('my_payouts_overview', HC, 'select * from api.my_payouts_overview()'),
    c('creator_money_history', HC, 'select * from api.creator_money_history()'),
    c('payout_countries', HC, 'select * from api.payout_countries()'),
    c('platform_settings', BRAND, 'select * from api.platform_settings()'),
    c('brand_money_by_campaign', BRAND, 'select * from api.brand_money_by_campaign()'),
    // Analytics.
    c('brand_analytics', BRAND, 'select * from api.brand_analytics()'),
    c('brand_analytics_totals', BRAND, 'select * from api.brand_analytics_totals()'),
    c('brand_activity_series', BRAND, 'select * from api.brand_activity_series()'),
    c('brand_funnel', BRAND, 'select * from api.brand_funnel()'),
    c('brand_spend_series', BRAND, 'select * from api.brand_spend_series()'),
    c('creator_earnings_series', HC, 'select * from api.creator_earnings_series()'),
    // Proof of delivery and the delivered posts' results (decision 0055).
    c('campaign_delivery_results', BRAND, `select * from api.campaign_delivery_results('${s.brandCampaign}')`),
    c('delivery_proof', BRAND, `select api.delivery_proof('${s.hireDeliverable}')`),
    // The admins' list of delivered posts removed inside their live period (migration 20250201000200).
    c('removed_posts', A, 'select * from api.removed_posts()'),
    c('creator_application_series', HC, 'select * from api.creator_application_series()'),
    // Connected accounts (decision 0054): the creator's own list, and a creator's verified accounts as a brand reads them.
    c('my_social_accounts', HC, 'select * from api.my_social_accounts()'),
    c('social_accounts_of', BRAND, `select * from api.social_accounts_of('${HC}')`),
    // Licences (decisions 0056, 0060): the brand's library, the renewals list and a renewal's quote.
    c('brand_licences', BRAND, 'select * from api.brand_licences()'),
    c('licence_renewals (brand)', BRAND, 'select * from api.licence_renewals()'),
    c('licence_renewals (one hire)', HC, `select * from api.licence_renewals('${s.hireApplication}')`),
    c('renewal_quote', BRAND, `select * from api.renewal_quote('${s.renewalToPay}')`),
    // Drafts reviewed before posting (decision 0049).
    c('hire_drafts', BRAND, `select * from api.hire_drafts('${s.hireApplication}')`),
    c('hire_draft_review', HC, `select * from api.hire_draft_review('${s.hireApplication}')`),
    // Tax forms (decision 0051) and documents (decision 0057). The yearly exports come in pages of 1000 payees,
    // each number decrypted.
    c('my_tax_form', HC, 'select * from api.my_tax_form()'),
    c('my_documents (brand)', BRAND, 'select * from api.my_documents()'),
    c('my_documents (creator)', HC, 'select * from api.my_documents()'),
    // What the screen asks for: the first 20 (and one more).
    c('my_documents (brand, a page)', BRAND, 'select * from api.my_documents(null, null, 21)'),
    c('admin_tax_forms_attention', A, 'select * from api.admin_tax_forms_attention()'),
    c('admin_tax_form_tin', A, `select api.admin_tax_form_tin('${s.taxForm}')`),
    c('admin_1099_nec (a page this year)', A, 'select * from api.admin_1099_nec(extract(year from now())::int)'),
    c('admin_1042s (a page this year)', A, 'select * from api.admin_1042s(extract(year from now())::int)'),
    // Settings.
    c('my_email_preferences', HC, 'select * from api.my_email_preferences()'),
    // Admin.
    c('admin_stats', A, 'select * from api.admin_stats()'),
    c('admin_platform_health', A, 'select * from api.admin_platform_health()'),
    c('admin_recent_activity', A, 'select * from api.admin_recent_activity()'),
    c('admin_audit_log', A, 'select * from api.admin_audit_log()'),
    c('admin_brand_queue', A, 'select * from api.admin_brand_queue()'),
    c('my_brand_approval', BRAND, 'select * from api.my_brand_approval()'),
    c('my_sign_in_count', BRAND, 'select api.my_sign_in_count()'),
    c('campaign_rules', BRAND, 'select * from api.campaign_rules()'),
    c('admin_users_page', A, 'select * from api.admin_users_page()'),
    c('admin_users_page search', A, `select * from api.admin_users_page(search => 'nunez')`),
    c('admin_users_page search (rare)', A, `select * from api.admin_users_page(search => 'brand@demo')`),
    c('admin_list_users (admins)', A, `select * from api.admin_list_users('admin')`),
    c('admin_dispute_queue', A, 'select * from api.admin_dispute_queue()'),
    c('admin_dispute_queue page 2', A,
      `select * from api.admin_dispute_queue(50, after_opened_at => '${s.queueAfterOpenedAt}', after_id => '${s.queueAfterId}')`),
    c('resolve_dispute_quote', A, `select * from api.resolve_dispute_quote('${s.disputeId}', 'split', 5000)`),
    c('admin_reviews', A, 'select * from api.admin_reviews()'),
    c('admin_money_summary', A, 'select * from api.admin_money_summary()'),
    c('admin_growth_series', A, 'select * from api.admin_growth_series()'),
    c('admin_money_series', A, 'select * from api.admin_money_series()'),
  ];
}

/**
 * api functions not timed, and why. Anything in the api schema that is neither timed nor listed here is
 * printed as uncovered, so a new function cannot slip past the benchmark unnoticed.
 */
export const NOT_TIMED: Record<string, string> = {
  // Writes a user makes now and then (one form submission), each a few single-row statements under RLS;
  // their cost does not grow with the tables beyond an index probe.
  accept_application: 'write (one form action)', reject_application: 'write (one form action)',
  apply_to_campaign: 'write (one form action)', create_campaign: 'write (one form action)',
  update_campaign: 'write (one form action)', close_campaign: 'write (one form action)',
  pause_campaign: 'write (one form action)', submit_deliverable: 'write (one form action)',
  update_deliverable: 'write (one form action)', delete_deliverable: 'write (one form action)',
  resubmit_deliverable: 'write (one form action)', review_deliverable: 'write (one form action)',
  open_dispute: 'write (one form action)', withdraw_dispute: 'write (one form action)',
  post_dispute_message: 'write (one form action)', submit_review: 'write (one form action)',
  admin_hide_review: 'write (one form action)', admin_update_platform_settings: 'write (one form action)',
  admin_update_user: 'write (one form action)', update_account: 'write (one form action)',
  update_brand_profile: 'write (one form action)', update_creator_profile: 'write (one form action)',
  set_email_preferences: 'write (one form action)', set_my_language: 'write (one form action)',
  set_my_avatar: 'write (one form action)', set_my_logo: 'write (one form action)',
  add_portfolio_item: 'write (one form action)', remove_portfolio_item: 'write (one form action)',
  reorder_portfolio: 'write (one form action)', set_portfolio_caption: 'write (one form action)',
  retry_my_email_address: 'write (one form action)',
  attach_brief_file: 'write (one form action)', remove_brief_file: 'write (one form action)',
  brief_attachments: 'read of at most 5 rows by one index probe (decision 0050)',
  send_message: 'write; its latency is what bench:messages measures end to end',
  admin_decide_brand: 'write (one form action)', admin_unhide_review: 'write (one form action)',
  function_rate_limit_take: 'write: one upsert per money function call (decision 0030)',
  // Granted to service_role only: the edge functions and the scheduler call them, no browser does.
  cancel_hire_abort: 'service_role only', cancel_hire_begin: 'service_role only', email_claim: 'service_role only',
  email_failed: 'service_role only', email_sent: 'service_role only', email_unsubscribe: 'service_role only',
  hire_payment_begin: 'service_role only', ledger_totals: 'service_role only', payment_begin: 'service_role only',
  payment_record_dispute: 'service_role only', payment_record_stripe_state: 'service_role only',
  payout_account_of: 'service_role only', payout_account_record: 'service_role only',
  payout_account_save: 'service_role only', payout_begin: 'service_role only', payout_record: 'service_role only',
  payouts_due: 'service_role only', reconciliation_items: 'service_role only',
  resolve_dispute_abort: 'service_role only', resolve_dispute_begin: 'service_role only',
  resolve_dispute_finish: 'service_role only', run_auto_approvals: 'service_role only',
  admin_audit_user_action: 'service_role only', payout_refused: 'service_role only',
  recipient_account_claim: 'service_role only', recipient_account_record: 'service_role only',
  recipient_account_release: 'service_role only', record_file_check: 'service_role only', orphan_file_folders: 'service_role only',
  social_accounts_due_for_refresh: 'service_role only (the refresh job; timed apart in decision 0054)',
  delivery_check_input: 'service_role only', due_delivery_checks: 'service_role only', record_delivery_check: 'service_role only',
  due_post_snapshots: 'service_role only', record_post_snapshot: 'service_role only',
  delivery_check_account: 'service_role only (one primary-key-sized probe per check)',
  social_account_refresh_later: 'service_role only (one row by primary key, after a 429)',
  offer_licence_renewal: 'write (one form action)', decide_licence_renewal: 'write (one form action)',
  set_campaign_usage_rights: 'write (one form action)', set_campaign_draft_review: 'write (one form action)',
  register_draft: 'write (one form action)', review_draft: 'write (one form action)',
  tax_form_submit: 'write (one form action)',
  renewal_payment_begin: 'service_role only', document_rendered: 'service_role only', documents_to_render: 'service_role only',
  statements_issue: 'service_role only', email_document: 'service_role only', social_account_remove: 'service_role only',
  social_account_id: 'service_role only', social_account_refresh_failed: 'service_role only',
  social_account_refreshed: 'service_role only', social_account_save: 'service_role only',
  social_account_store_tokens: 'service_role only', social_account_tokens: 'service_role only',
  social_oauth_begin: 'service_role only', social_oauth_take: 'service_role only',
};
