/**
 * Which supabase/schemas file an object lives in: the `app` objects of a domain in `<domain>.sql`, its
 * `api` functions and types in `api/<domain>.sql`. Used by `npm run db:schema -- --write` (which
 * regenerated the whole tree once, from the migrations) and to say where a new object belongs.
 * The order of `domains` is the order the files are applied in (config.toml's schema_paths).
 */
export const domains = [
  'foundation',
  'profiles',
  'social-accounts',
  'settings',
  'campaigns',
  'applications',
  'content',
  'ledger',
  'escrow',
  'payouts',
  'tax-forms',
  'disputes',
  'reviews',
  'messages',
  'notifications',
  'email',
  'analytics',
  'platform-counters',
  'admin',
  'jobs',
  'files',
  'documents',
] as const;
export type Domain = (typeof domains)[number];

const tables: Record<string, Domain> = {
  profiles: 'profiles',
  brand_profiles: 'profiles',
  creator_profiles: 'profiles',
  portfolio_items: 'profiles',
  brand_approvals: 'profiles',
  free_mail_domains: 'profiles',
  multi_label_suffixes: 'profiles',
  platform_settings: 'settings',
  campaigns: 'campaigns',
  applications: 'applications',
  application_events: 'applications',
  deliverables: 'content',
  deliverable_rounds: 'content',
  drafts: 'content',
  delivery_checks: 'content',
  post_snapshots: 'content',
  ledger_entries: 'ledger',
  ledger_transactions: 'ledger',
  ledger_unbalanced: 'ledger',
  escrows: 'escrow',
  payments: 'escrow',
  stripe_events: 'escrow',
  brand_money_lines: 'escrow',
  // The licence a hire agreed (decision 0056) sits with the hire it belongs to.
  hire_licences: 'escrow',
  licence_renewals: 'escrow',
  payouts: 'payouts',
  payout_accounts: 'payouts',
  recipient_accounts: 'payouts',
  tax_forms: 'tax-forms',
  tax_form_gaps: 'tax-forms',
  tax_id_keys: 'tax-forms',
  tax_report_thresholds: 'tax-forms',
  disputes: 'disputes',
  dispute_messages: 'disputes',
  reviews: 'reviews',
  user_ratings: 'reviews',
  messages: 'messages',
  notifications: 'notifications',
  email_outbox: 'email',
  email_failures: 'email',
  email_preferences: 'email',
  stat_counters: 'platform-counters',
  admin_audit_log: 'admin',
  scheduled_jobs: 'jobs',
  function_calls: 'jobs',
  function_rate_limits: 'jobs',
  file_checks: 'files',
  brief_attachments: 'files',
  // Connected social accounts (issue 35; decisions 0053, 0054).
  social_accounts: 'social-accounts',
  social_refresh_schedule: 'social-accounts',
  platform_details: 'documents',
  document_counters: 'documents',
  documents: 'documents',
  social_tokens: 'social-accounts',
  social_token_keys: 'social-accounts',
  social_oauth_states: 'social-accounts',
};

const types: Record<string, Domain> = {
  creator_dashboard_stats: 'analytics',
  brand_dashboard_stats: 'analytics',
  campaign_card: 'campaigns',
  campaign_detail: 'campaigns',
  brand_campaign: 'campaigns',
  creator_card: 'profiles',
  message: 'messages',
  admin_user: 'admin',
};

/** Functions by name: the first rule that matches wins. */
const functionRules: Array<[RegExp, Domain]> = [
  // A licence's terms as json: the campaign pages read it first, so it lives (and is created) with the campaigns.
  [/^licence_json$/, 'campaigns'],
  // Hire licences (decisions 0056, 0060): the copy, its library, its reminders and its renewals, with the hires.
  [/licence|renewal/, 'escrow'],
  // Connected social accounts, verified reach and the daily refresh schedule (decisions 0053, 0054).
  [/social_account|^social_|verified_reach|^verified_accounts_json$|^refresh_slot_second$|^next_refresh_at$|^schedule_social_refresh$|^pick_social_accounts_due$/, 'social-accounts'],
  // Receipts and statements (decision 0057), before the ledger rule that would take ledger_transaction_receipt.
  [/^(document_|documents_|my_documents$|statements_issue$|ledger_transaction_receipt$)/, 'documents'],
  // The helpers of the policies on storage.objects (decision 0042).
  [/^storage_/, 'files'],
  // Checked file contents and brief attachments (decision 0050).
  [/^(file_verified|record_file_check|attach_brief_file|remove_brief_file|brief_attachments|orphan_file_folders)$/, 'files'],
  // Proof of delivery and the delivered post's results (decision 0055), beside the content; the
  // campaign's disclosure rule is checked on app.campaigns, so it sits with the campaigns.
  [/^valid_disclosure_tags$/, 'campaigns'],
  // The licence a campaign buys, as its pages read it (decision 0056), sits with the campaigns.
  [/^usage_rights_json$/, 'campaigns'],
  [/^(delivery_|queue_delivery_check$|hire_started_at$|due_delivery_checks$|record_delivery_check$|due_post_snapshots$|record_post_snapshot$|campaign_delivery_results$|removed_posts$)/, 'content'],
  // Draft review (decision 0049): the files a brand reviews before the public link, beside the content.
  [/draft/, 'content'],
  // Tax forms before payouts (decision 0044).
  [/^(tax_|my_tax_form$|admin_tax_|person_name_key$|recheck_tax_form_name$|admin_1099|admin_1042|warn_tax_form|tax_report_thresholds$|check_tax_report_page$|note_tax_form_gap$|track_tax_form_gap$)/, 'tax-forms'],
  [/^handle_user_email_change$/, 'profiles'],
  // Brands joining on their own (decision 0036): the approval, its domain rule and its emails.
  [/^(website_host|email_domain|registrable_domain|brand_domain_matches|review_brand_signup|on_auth_user_brand_review|on_brand_website_review|brand_may_publish|my_brand_approval|admin_brand_queue|admin_decide_brand|queue_account_email)$/, 'profiles'],
  [/^(fail|search_norm|set_updated_at|contains_pattern|is_privileged|clean_text|is_blank|is_web_url|is_bare_host_url|visible_text|web_url|validate_deadline)$/, 'foundation'],
  [/^(stat_|stat$)/, 'platform-counters'],
  [/^(acting_admin|admin_audit|audit_|write_admin_audit|assert_admin$|admin_list_users|admin_update_user|admin_users_page|keep_last_admin|clear_password_change_required)/, 'admin'],
  [/(_series|^series_buckets|^assert_series_role|^brand_analytics|^brand_funnel|^brand_dashboard|^creator_dashboard|^admin_stats|^admin_platform_health|^admin_recent_activity)$|^brand_analytics/, 'analytics'],
  [/^(admin_update_platform_settings|platform_settings|fee_preview|platform_fee|minimum_flat_fee_cents|current_minimum_flat_fee_cents)$/, 'settings'],
  [/^(scheduler_now|function_call_take|function_rate_limit_take)$/, 'jobs'],
  [/email|^queue_message_digests$|^queue_notification_email$|^wants_email$/, 'email'],
  [/notif|^notify|^warn_auto_approval_soon$/, 'notifications'],
  [/^(can_message|guard_message_update|contacts|conversation|send_message|mark_conversation_read|unread_count)$/, 'messages'],
  [/review|^refresh_rating$|^application_campaign_title$|^hire_completed_at$/, 'reviews'],
  [/^payment_record_dispute$/, 'escrow'],
  [/^check_page_size$/, 'foundation'],
  [/^price_chargeable$/, 'escrow'],
  [/dispute/, 'disputes'],
  [/payout|^recipient_account|^creator_balance$|^creator_money_history$|^brand_money_by_campaign$|^admin_money_summary$|^reconciliation_items$/, 'payouts'],
  [/^ledger_|^first_delivery$/, 'ledger'],
  [/payment|escrow|hire|^cancel_hire|^auto_approve_due$|^run_auto_approvals$|^deliverable_review_window$|^release_on_approval$|^open_hire_on_accept$/, 'escrow'],
  [/deliverable|^validate_content_url$|^revision_rounds|^track_deliverable_rounds$|^validate_revision_rounds$/, 'content'],
  [/application|^apply_to_campaign$|^count_applications$|^log_event$|^log_escrow_event$|^job_state$|^delete_hires_of_profile$/, 'applications'],
  [/campaign|^normalize_platforms$|^browse_filter_sql$|^search_count_cap$/, 'campaigns'],
  [/profile|username|portfolio|^(is_admin|current_role|role_of|count_sign_in|display_name|handle_new_user|sign_up_language|validate_identity|creator_portfolio|creator_statistics|discover_creators|my_sign_in_count|set_my_language|set_my_avatar|set_my_logo|update_account|user_summary)$/, 'profiles'],
];

export function domainOf(schema: string, name: string, kind: 'table' | 'view' | 'type' | 'function'): Domain {
  if (kind === 'table' || kind === 'view') {
    const d = tables[name];
    if (!d) throw new Error(`no domain for ${schema}.${name}: add it to scripts/schema/domains.ts`);
    return d;
  }
  if (kind === 'type') {
    const d = types[name];
    if (!d) throw new Error(`no domain for type ${schema}.${name}: add it to scripts/schema/domains.ts`);
    return d;
  }
  const rule = functionRules.find(([re]) => re.test(name));
  if (!rule) throw new Error(`no domain for function ${schema}.${name}: add a rule to scripts/schema/domains.ts`);
  return rule[1];
}

/** The file of a domain's objects of one schema, relative to supabase/. */
export function fileOf(schema: string, domain: Domain): string {
  return schema === 'api' ? `schemas/api/${domain}.sql` : `schemas/${domain}.sql`;
}

/** Every schema file, in the order they are applied: the app files by domain, then the api files. */
export function orderedFiles(): string[] {
  return [...domains.map((d) => fileOf('app', d)), ...domains.filter((d) => d !== 'foundation').map((d) => fileOf('api', d))];
}
