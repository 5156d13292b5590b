import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import * as factories from './query-keys';
import {
  activityKeys,
  adminKeys,
  applicationKeys,
  brandAnalyticsKeys,
  brandApprovalKeys,
  brandDashboardKeys,
  campaignKeys,
  campaignRulesKeys,
  creatorDashboardKeys,
  creatorKeys,
  currentProfileKeys,
  deliverableKeys,
  disputeKeys,
  earningsKeys,
  messageKeys,
  notificationKeys,
  paymentKeys,
  reviewKeys,
  settingsKeys,
  signInCountKeys,
} from './query-keys';

const id = '00000000-0000-0000-0001-000000000001';
const filters = { keyword: 'serum', contentType: '', platform: 'tiktok' };

/** Each feature's `all` and the keys its invalidation must reach. */
const families: Record<string, { all: QueryKey; keys: QueryKey[] }> = {
  campaigns: {
    all: campaignKeys.all,
    keys: [campaignKeys.detail(id), campaignKeys.mine(), campaignKeys.browse({ keyword: null }), campaignKeys.browsePages(filters), campaignKeys.browseCount(filters)],
  },
  applications: { all: applicationKeys.all, keys: [applicationKeys.mine(), applicationKeys.ofCampaign(id), applicationKeys.platformSettings()] },
  campaignRules: { all: campaignRulesKeys.all, keys: [campaignRulesKeys.all] },
  deliverables: {
    all: deliverableKeys.all,
    keys: [deliverableKeys.ofApplication(id), deliverableKeys.revisionState(id), deliverableKeys.revisionRounds(id)],
  },
  creators: {
    all: creatorKeys.all,
    keys: [creatorKeys.profile(id), creatorKeys.portfolio(id), creatorKeys.statistics(id), creatorKeys.discover({ search: null }), creatorKeys.recommended()],
  },
  brandDashboard: { all: brandDashboardKeys.all, keys: [brandDashboardKeys.all, brandDashboardKeys.moneyByCampaign()] },
  creatorDashboard: {
    all: creatorDashboardKeys.all,
    keys: [creatorDashboardKeys.all, creatorDashboardKeys.earningsSeries(), creatorDashboardKeys.applicationSeries()],
  },
  brandAnalytics: { all: brandAnalyticsKeys.all, keys: [brandAnalyticsKeys.all, brandAnalyticsKeys.series('brand_funnel', 90, null)] },
  payments: {
    all: paymentKeys.all,
    keys: [paymentKeys.status('pi_1'), paymentKeys.deliverable(id), paymentKeys.history(), paymentKeys.hireQuote(id)],
  },
  settings: {
    all: settingsKeys.all,
    keys: [
      settingsKeys.brandProfile(id),
      settingsKeys.creatorProfile(id),
      settingsKeys.emailPreferences(id),
      settingsKeys.payoutAccount(id),
      settingsKeys.payoutCountries(),
      settingsKeys.taxForm(id),
      settingsKeys.portfolio(id),
    ],
  },
  admin: {
    all: adminKeys.all,
    keys: [
      adminKeys.users({ role: 'all', search: '', page: 1 }),
      adminKeys.stats(),
      adminKeys.activity(),
      adminKeys.health(),
      adminKeys.brandQueue(),
      adminKeys.auditLog(),
      adminKeys.money(),
      adminKeys.platformSettings(),
      adminKeys.growthSeries(30),
      adminKeys.moneySeries(180),
    ],
  },
  activity: { all: activityKeys.all, keys: [activityKeys.ofApplication(id)] },
  disputes: { all: disputeKeys.all, keys: [disputeKeys.hire(id), disputeKeys.queue(), disputeKeys.content(id, null)] },
  reviews: { all: reviewKeys.all, keys: [reviewKeys.hire(id), reviewKeys.counterpart(id, 'b'), reviewKeys.ofUser(id), reviewKeys.admin()] },
  earnings: { all: earningsKeys.all, keys: [earningsKeys.money()] },
  notifications: { all: notificationKeys.all(id), keys: [notificationKeys.list(id), notificationKeys.unread(id)] },
  currentProfile: { all: currentProfileKeys.all, keys: [currentProfileKeys.ofUser(id), currentProfileKeys.ofUser(undefined)] },
  messages: {
    all: messageKeys.all(id),
    keys: [messageKeys.unreadCount(id), messageKeys.contacts(id), messageKeys.conversation(id, 'b'), messageKeys.userSummary(id, 'b')],
  },
};

function cacheWithEveryKey(): QueryClient {
  const client = new QueryClient();
  for (const family of Object.values(families)) for (const key of family.keys) client.setQueryData(key, 'cached');
  return client;
}

const invalidated = (client: QueryClient, key: QueryKey) => client.getQueryState(key)?.isInvalidated ?? false;

describe('query keys', () => {
  it("start with their feature's `all`", () => {
    for (const family of Object.values(families)) for (const key of family.keys) expect(key.slice(0, family.all.length)).toEqual(family.all);
  });

  // The mutations of one feature refresh another's screens through these prefixes (a campaign change
  // reaches the brand dashboard): an invalidation must reach its whole family and nothing else.
  it.each(Object.keys(families))('invalidating %s refreshes its own caches only', async (name) => {
    const client = cacheWithEveryKey();
    await client.invalidateQueries({ queryKey: families[name]!.all });
    for (const [other, family] of Object.entries(families)) {
      for (const key of family.keys) expect([other, key, invalidated(client, key)]).toEqual([other, key, other === name]);
    }
  });

  // The keys as the features wrote them before they all moved here (issue 33): the same values, so every
  // invalidation reaches what it reached before.
  it('keeps the values the caches have always had', () => {
    const d = 'deliverable-1';
    expect(
      [
        campaignKeys.all,
        campaignKeys.detail('x'),
        campaignRulesKeys.all,
        applicationKeys.platformSettings(),
        deliverableKeys.revisionState(d),
        deliverableKeys.revisionRounds(d),
        brandDashboardKeys.all,
        brandDashboardKeys.moneyByCampaign(),
        creatorDashboardKeys.earningsSeries(),
        creatorDashboardKeys.applicationSeries(),
        brandAnalyticsKeys.series('brand_spend_series', 90, 'c'),
        paymentKeys.hireQuote('a'),
        settingsKeys.emailPreferences('u'),
        settingsKeys.payoutAccount('u'),
        settingsKeys.payoutCountries(),
        adminKeys.auditLog(),
        adminKeys.money(),
        adminKeys.platformSettings(),
        adminKeys.growthSeries(30),
        adminKeys.moneySeries(180),
        activityKeys.ofApplication('a'),
        disputeKeys.hire('a'),
        disputeKeys.queue(),
        disputeKeys.content('a', d),
        reviewKeys.hire('a'),
        reviewKeys.counterpart('a', 'u'),
        reviewKeys.ofUser('u'),
        reviewKeys.admin(),
        earningsKeys.money(),
        notificationKeys.list('u'),
        notificationKeys.unread('u'),
        creatorKeys.recommended(),
        currentProfileKeys.ofUser(undefined),
        brandApprovalKeys.ofUser('u'),
        signInCountKeys.ofUser(undefined),
        messageKeys.conversation('me', 'you'),
      ].map((key) => key.join('|')),
    ).toEqual([
      'campaigns',
      'campaigns|detail|x',
      'campaign-rules',
      'applications|platform-settings',
      'deliverables|revisions|deliverable-1|state',
      'deliverables|revisions|deliverable-1|rounds',
      'brand-dashboard',
      'brand-dashboard|money-by-campaign',
      'creator-dashboard|earnings-series',
      'creator-dashboard|application-series',
      'brand-analytics|brand_spend_series|90|c',
      'payments|hire-quote|a',
      'settings|email-preferences|u',
      'settings|payout-account|u',
      'settings|payout-countries',
      'admin|audit-log',
      'admin|money',
      'admin|platform-settings',
      'admin|growth-series|30',
      'admin|money-series|180',
      'activity|a',
      'disputes|hire|a',
      'disputes|queue',
      'disputes|content|a|deliverable-1',
      'reviews|hire|a',
      'reviews|counterpart|a|u',
      'reviews|user|u',
      'reviews|admin',
      'earnings|money',
      'notifications|u|list',
      'notifications|u|unread',
      'creators|recommended',
      'current-profile|anonymous',
      'brand-approval|u',
      'sign-in-count|anonymous',
      'messages|me|conversation|you',
    ]);
  });

  it("keep one user's messages apart from another's", async () => {
    const client = cacheWithEveryKey();
    client.setQueryData(messageKeys.contacts('someone-else'), []);
    await client.invalidateQueries({ queryKey: messageKeys.all(id) });
    expect(invalidated(client, messageKeys.contacts('someone-else'))).toBe(false);
  });
});

/**
 * Where a key is written outside the factories, as `file:line: text`. A key is written by a factory call
 * (`campaignKeys.detail(id)`); a string literal, an inline extension (`[...adminKeys.all, 'x']`) or a
 * key file of a feature's own is what the factories replaced, and what drifts.
 */
const KEY_METHODS = 'invalidateQueries|refetchQueries|removeQueries|resetQueries|cancelQueries|setQueriesData|getQueriesData|isFetching|find|findAll';
const FACTORY_NAMES = new Set(Object.keys(factories));

function keysWrittenOutsideFactories(source: string): string[] {
  const found: string[] = [];
  source.split('\n').forEach((line, i) => {
    const code = line.replace(/^\s*(\/\/|\*|\/\*\*).*$/, '');
    const report = (why: string) => found.push(`${i + 1}: ${why}: ${line.trim()}`);
    for (const m of code.matchAll(/\bqueryKey\s*:\s*([^,})\s]+)/g)) if (!fromFactory(m[1]!)) report('queryKey not from a factory');
    for (const m of code.matchAll(/\b(?:setQueryData|getQueryData|getQueryState)\s*(?:<[^(]*>)?\(\s*([^,)\s]+)/g)) {
      if (!fromFactory(m[1]!)) report('cache key not from a factory');
    }
    if (new RegExp(`\\.(?:${KEY_METHODS})\\(\\s*\\[`).test(code)) report('literal key');
    if (/\[\s*\.\.\.\w+Keys\b/.test(code)) report('inline extension of a factory');
    if (/\b\w+Keys?\s*=\s*(?:\([^)]*\)\s*=>\s*)?\[|\b\w+Keys\s*=\s*\{/.test(code)) report('key defined outside lib/query-keys.ts');
  });
  return found;
}

function fromFactory(expression: string): boolean {
  const name = /^(\w+)\./.exec(expression)?.[1];
  return name !== undefined && FACTORY_NAMES.has(name);
}

const srcDir = new URL('..', import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [path] : [];
  });
}

describe('query keys in the source', () => {
  const files = sourceFiles(srcDir).filter((path) => !path.endsWith('lib/query-keys.ts'));

  it('finds the code that reads the cache', () => {
    expect(files.filter((path) => readFileSync(path, 'utf8').includes('queryKey')).length).toBeGreaterThan(50);
  });

  it('are all written by the factories of lib/query-keys.ts', () => {
    const written = files.flatMap((path) => keysWrittenOutsideFactories(readFileSync(path, 'utf8')).map((hit) => `${relative(srcDir, path)}:${hit}`));
    expect(written).toEqual([]);
  });

  it('have no key file inside a feature', () => {
    expect(files.map((path) => relative(srcDir, path)).filter((path) => path.startsWith('features/') && /keys?\.ts$/.test(path))).toEqual([]);
  });

  it('are told apart from the ways features used to write them', () => {
    const flagged = (code: string) => keysWrittenOutsideFactories(code).length;
    expect(flagged("useQuery({ queryKey: ['campaign-rules'] as const, queryFn })")).toBe(1);
    expect(flagged("queryOptions({ queryKey: [...adminKeys.all, 'audit-log'] as const, queryFn })")).toBe(2);
    expect(flagged("export const activityKey = (id: string) => ['activity', id] as const;")).toBe(1);
    expect(flagged("const payoutAccountKey = (u: string) => [...settingsKeys.all, 'payout-account', u] as const;")).toBe(2);
    expect(flagged("void queryClient.invalidateQueries({ queryKey: ['activity', applicationId] });")).toBe(1);
    expect(flagged("queryClient.invalidateQueries(['reviews'])")).toBe(1);
    expect(flagged("queryClient.setQueryData(['messages', me], data)")).toBe(1);
    expect(flagged("queryClient.invalidateQueries({ queryKey: myOptions(userId).queryKey })")).toBe(1);
    expect(flagged("queryClient.invalidateQueries({ queryKey: unknownKeys.all })")).toBe(1);
    expect(flagged('queryClient.invalidateQueries({ queryKey: activityKeys.ofApplication(applicationId) })')).toBe(0);
    expect(flagged('queryClient.setQueryData<number>(messageKeys.unreadCount(me), (n) => n)')).toBe(0);
    expect(flagged('keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))')).toBe(0);
    expect(flagged("export const earningsKeys = { all: ['earnings'] as const };")).toBe(1);
    expect(flagged('const onKey = (e: KeyboardEvent) => {')).toBe(0);
  });
});
