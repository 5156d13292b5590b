import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { NOTIFICATION_KINDS } from '@contract/notification-kinds';
import { formatters } from '@/i18n/format';
import type { AppNotification } from '../types';
import { notificationHref, notificationText } from './notification-view';

const f = formatters('en');
const t = (key: string, values?: Record<string, string | number>) => `${key} ${JSON.stringify(values ?? {})}`;
const note = (over: Partial<AppNotification>): AppNotification => ({
  id: 'n1', kind: 'application_accepted', actor_id: 'b1', actor_name: 'GlowLab', application_id: 'a1', campaign_id: 'c1', deliverable_id: null,
  data: { campaign_title: 'Serum' }, read_at: null, created_at: '2026-11-26T10:00:00Z', ...over,
});

describe('notificationText', () => {
  test('names the actor and the campaign; a deleted account and a missing title have words of their own', () => {
    expect(notificationText(t, f, note({}))).toBe('notifications.kind.application_accepted {"actor":"GlowLab","campaign":"Serum","amount":"$0.00","net":"$0.00","revision":0,"count":1}');
    expect(notificationText(t, f, note({ actor_name: null, data: {} }))).toContain('"actor":"notifications.someone {}","campaign":"notifications.aCampaign {}"');
  });
  test('picks the variant its data calls for', () => {
    expect(notificationText(t, f, note({ kind: 'content_submitted', data: { round: 2 } }))).toMatch(/^notifications.kind.content_resubmitted /);
    // Submission 2 is revision 1, as the content's page labels it (issue 30, the one round rule).
    expect(notificationText(t, f, note({ kind: 'content_submitted', data: { round: 2 } }))).toContain('"revision":1');
    expect(notificationText(t, f, note({ kind: 'content_submitted', data: { round: 1 } }))).toMatch(/^notifications.kind.content_submitted /);
    expect(notificationText(t, f, note({ kind: 'content_approved', data: { automatic: true } }))).toMatch(/^notifications.kind.content_auto_approved /);
    expect(notificationText(t, f, note({ kind: 'new_message', data: { count: 3 } }))).toMatch(/^notifications.kind.new_messages .*"count":3/);
    expect(notificationText(t, f, note({ kind: 'new_message', data: { count: 1 } }))).toMatch(/^notifications.kind.new_message /);
    expect(notificationText(t, f, note({ kind: 'money_released', data: { amount_cents: 42500 } }))).toContain('"amount":"$425.00"');
    expect(notificationText(t, f, note({ kind: 'something_new' }))).toMatch(/^notifications.kind.other /);
  });
  test('a draft names its number; a decision on it says which (decision 0049)', () => {
    expect(notificationText(t, f, note({ kind: 'draft_submitted', data: { round: 2 } }))).toMatch(/^notifications.kind.draft_submitted .*"draft":2/);
    expect(notificationText(t, f, note({ kind: 'draft_reviewed', data: { round: 1, decision: 'approved' } }))).toMatch(/^notifications.kind.draft_approved .*"draft":1/);
    expect(notificationText(t, f, note({ kind: 'draft_reviewed', data: { round: 1, decision: 'changes_requested' } }))).toMatch(/^notifications.kind.draft_reviewed /);
    // Drafts are reviewed on the campaign's page, even once a content link exists.
    expect(notificationHref(note({ kind: 'draft_submitted', deliverable_id: 'd1' }))).toBe('/campaigns/c1');
  });
  test('a funded hire names the gross held in escrow and the creator\'s net (issue 30, finding 5)', () => {
    const funded = notificationText(t, f, note({ kind: 'hire_funded', data: { amount_cents: 25000, net_cents: 21250 } }));
    expect(funded).toMatch(/^notifications.kind.hire_funded /);
    expect(funded).toContain('"amount":"$250.00","net":"$212.50"');
    // A row written before the net was kept: the gross only, named as such.
    expect(notificationText(t, f, note({ kind: 'hire_funded', data: { amount_cents: 25000 } }))).toMatch(/^notifications.kind.hire_funded_gross /);
  });
  test('a tax form reminder names the days left and the last valid day, and opens Settings > Payouts (decision 0051)', () => {
    const reminder = note({ kind: 'tax_form_expiring', actor_id: null, application_id: null, campaign_id: null, data: { expires_on: '2029-12-31', days: 30 } });
    const text = notificationText(t, f, reminder);
    expect(text).toMatch(/^notifications.kind.tax_form_expiring /);
    expect(text).toContain('"count":30');
    expect(text).toContain('"date":"December 31, 2029"');
    expect(notificationHref(reminder)).toBe('/settings?tab=payouts');
  });
  test('a connected account that needs reconnecting names its platform and handle, and opens Connected accounts (decision 0053)', () => {
    const notice = note({ kind: 'social_reconnect_needed', actor_id: null, application_id: null, campaign_id: null, data: { platform: 'youtube', handle: 'sofi.rios' } });
    const text = notificationText(t, f, notice);
    expect(text).toMatch(/^notifications.kind.social_reconnect_needed /);
    expect(text).toContain('"platform":"YouTube","handle":"sofi.rios"');
    expect(notificationHref(notice)).toBe('/settings#connected-accounts');
  });
  test('a statement ready names its number and opens Payment History, where statements are downloaded', () => {
    const ready = note({ kind: 'statement_ready', actor_id: null, application_id: null, campaign_id: null, data: { document_number: 'S-2026-000004', period: '2026-10' } });
    expect(notificationText(t, f, ready)).toMatch(/^notifications.kind.statement_ready .*"document":"S-2026-000004"/);
    expect(notificationHref(ready)).toBe('/payments/history');
  });
  test('a licence reminder names the days left and the last day, and opens the licence library (decision 0056)', () => {
    const reminder = note({ kind: 'licence_ending', data: { campaign_title: 'Glow', expires_on: '2027-02-26', days: 14 } });
    const text = notificationText(t, f, reminder);
    expect(text).toMatch(/^notifications.kind.licence_ending /);
    expect(text).toContain('"count":14');
    expect(text).toContain('"date":"February 26, 2027"');
    expect(notificationHref(reminder)).toBe('/payments/history');
  });
  test('a renewal offer opens the hire for the creator; the answer says which and opens the licence library (decision 0060)', () => {
    const offer = note({ kind: 'licence_renewal_offered', deliverable_id: 'd1', data: { campaign_title: 'Glow', count: 30, amount_cents: 15000 } });
    expect(notificationText(t, f, offer)).toMatch(/^notifications.kind.licence_renewal_offered .*"amount":"\$150.00".*"count":30/);
    expect(notificationHref(offer)).toBe('/campaigns/c1');
    const accepted = note({ kind: 'licence_renewal_decided', data: { count: 30, amount_cents: 15000, decision: 'accepted' } });
    const declined = note({ kind: 'licence_renewal_decided', data: { count: 30, amount_cents: 15000, decision: 'declined' } });
    expect(notificationText(t, f, accepted)).toMatch(/^notifications.kind.licence_renewal_decided /);
    expect(notificationText(t, f, declined)).toMatch(/^notifications.kind.licence_renewal_declined /);
    const paid = note({ kind: 'licence_renewal_paid', campaign_id: 'c1', data: { campaign_title: 'Glow', count: 30, expires_on: '2027-02-09' } });
    expect(notificationText(t, f, paid)).toMatch(/^notifications.kind.licence_renewal_paid .*"count":30.*"date":"[^"]*2027/);
    expect(notificationHref(declined)).toBe('/payments/history');
  });
});

// The kinds are the contract's (supabase/tests/notification-kinds-contract.test.ts holds the database to
// them): each has its own words in both languages, and none falls back to the vague sentence.
describe('every kind of the contract', () => {
  test.each(['en', 'es'])('has its sentence in the %s catalog', (lang) => {
    const catalog = JSON.parse(readFileSync(new URL(`../messages/${lang}.json`, import.meta.url), 'utf8')) as Record<string, string>;
    expect(NOTIFICATION_KINDS.filter((kind) => !catalog[`notifications.kind.${kind}`])).toEqual([]);
  });
  test('is told by a sentence of its own', () => {
    const vague = NOTIFICATION_KINDS.filter((kind) => /^notifications\.kind\.other /.test(notificationText(t, f, note({ kind }))));
    expect(vague).toEqual([]);
  });
});

describe('a failed payout (issue 30, finding 2)', () => {
  test('the platform\'s refusal is not worded as a problem of the creator\'s payout details', () => {
    for (const failure_code of ['platform_balance_insufficient', 'payout_refused']) {
      expect(notificationText(t, f, note({ kind: 'payout_failed', data: { amount_cents: 76500, failure_code } }))).toMatch(/^notifications.kind.payout_failed_platform .*"amount":"\$765.00"/);
    }
    for (const failure_code of ['bank_account_invalid', 'account_closed', null]) {
      expect(notificationText(t, f, note({ kind: 'payout_failed', data: { amount_cents: 76500, failure_code } }))).toMatch(/^notifications.kind.payout_failed /);
    }
  });
  test('both catalogs word them apart', () => {
    for (const lang of ['en', 'es'] as const) {
      const catalog = JSON.parse(readFileSync(new URL(`../messages/${lang}.json`, import.meta.url), 'utf8')) as Record<string, string>;
      const platform = catalog['notifications.kind.payout_failed_platform'];
      expect(platform, lang).toBeTruthy();
      expect(platform).not.toMatch(/payout details|datos de cobro/);
      expect(catalog['notifications.kind.payout_failed']).toMatch(/payout details|datos de cobro/);
    }
  });
});

describe('notificationHref', () => {
  test('the conversation, the money page, the content, else the campaign', () => {
    expect(notificationHref(note({ kind: 'new_message', actor_id: 'b1' }))).toBe('/messages?userId=b1');
    expect(notificationHref(note({ kind: 'payout_failed', campaign_id: null }))).toBe('/payments/history');
    expect(notificationHref(note({ kind: 'changes_requested', deliverable_id: 'd1' }))).toBe('/deliverables/d1');
    expect(notificationHref(note({}))).toBe('/campaigns/c1');
    expect(notificationHref(note({ campaign_id: null }))).toBe('/dashboard');
  });
});

describe('a message in a dispute (issue 32, item 7)', () => {
  test('names its writer and campaign; leads a party to the content (where the thread is) and an admin to the queue', () => {
    const party = note({ kind: 'dispute_message', actor_name: 'Isabella Torres', deliverable_id: 'd1', data: { campaign_title: 'Serum', dispute_id: 'x1', excerpt: 'Hola' } });
    expect(notificationText(t, f, party)).toMatch(/^notifications.kind.dispute_message .*"actor":"Isabella Torres","campaign":"Serum"/);
    expect(notificationHref(party)).toBe('/deliverables/d1');
    expect(notificationHref(note({ ...party, data: { ...party.data, admin: true } }))).toBe('/dashboard/admin');
  });
});
