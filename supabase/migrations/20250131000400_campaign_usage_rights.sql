-- Issue 36 item 2, first slice (decision 0056): a campaign states the licence it buys. Organic usage is
-- posting only; paid usage (whitelisting / Spark Ads / partnership ads) names the platforms and carries
-- a licence price in integer cents beside the content fee. Territory null means worldwide, otherwise a
-- list of ISO 3166-1 alpha-2 codes. Every rule is a named check so the error names what is wrong.
alter table app.campaigns
  add column usage_kind text default 'organic'::text not null,
  add column usage_platforms text[] default '{}'::text[] not null,
  add column usage_territory text[],
  add column usage_term_days integer default 365 not null,
  add column usage_price_cents bigint,
  add column exclusivity_category text,
  add column exclusivity_days integer;

alter table app.campaigns
  add constraint campaigns_usage_kind_valid check (usage_kind = any (array['organic'::text, 'paid'::text])),
  add constraint campaigns_usage_term_range check (usage_term_days > 0 and usage_term_days <= 3650),
  add constraint campaigns_usage_platforms_valid check (usage_platforms <@ array['instagram'::text, 'tiktok'::text, 'youtube'::text]),
  add constraint campaigns_usage_paid_needs_platforms check (usage_kind <> 'paid'::text or cardinality(usage_platforms) >= 1),
  add constraint campaigns_usage_paid_needs_price check (usage_kind <> 'paid'::text or (usage_price_cents is not null and usage_price_cents >= 0)),
  add constraint campaigns_usage_price_only_paid check (usage_kind = 'paid'::text or usage_price_cents is null),
  add constraint campaigns_usage_territory_valid check (usage_territory is null or (cardinality(usage_territory) between 1 and 250 and array_to_string(usage_territory, ',') ~ '^[A-Z]{2}(,[A-Z]{2})*$')),
  add constraint campaigns_exclusivity_complete check ((exclusivity_category is null) = (exclusivity_days is null)),
  add constraint campaigns_exclusivity_days_range check (exclusivity_days is null or (exclusivity_days > 0 and exclusivity_days <= 3650)),
  add constraint campaigns_exclusivity_category_length check (exclusivity_category is null or char_length(btrim(exclusivity_category)) between 1 and 100);
