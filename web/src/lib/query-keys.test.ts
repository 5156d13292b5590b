import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  adminKeys,
  applicationKeys,
  brandAnalyticsKeys,
  brandDashboardKeys,
  campaignKeys,
  creatorDashboardKeys,
  creatorKeys,
  currentProfileKeys,
  deliverableKeys,
  messageKeys,
  paymentKeys,
  settingsKeys,
} from './query-keys';

const id = '00000000-0000-0000-0001-000000000001';
const filters = { keyword: 'serum', contentType: '', platform: 'tiktok' };

/** Each feature's `all` and the keys its invalidation must reach. */
const families: Record<string, { all: QueryKey; keys: QueryKey[] }> = {
  campaigns: {
    all: campaignKeys.all,
    keys: [campaignKeys.detail(id), campaignKeys.mine(), campaignKeys.browse({ keyword: null }), campaignKeys.browsePages(filters), campaignKeys.browseCount(filters)],
  },
  applications: { all: applicationKeys.all, keys: [applicationKeys.mine(), applicationKeys.ofCampaign(id)] },
  deliverables: { all: deliverableKeys.all, keys: [deliverableKeys.ofApplication(id)] },
  creators: {
    all: creatorKeys.all,
    keys: [creatorKeys.profile(id), creatorKeys.portfolio(id), creatorKeys.statistics(id), creatorKeys.discover({ search: null }), creatorKeys.recommended()],
  },
  brandDashboard: { all: brandDashboardKeys.all, keys: [brandDashboardKeys.all] },
  creatorDashboard: { all: creatorDashboardKeys.all, keys: [creatorDashboardKeys.all] },
  brandAnalytics: { all: brandAnalyticsKeys.all, keys: [brandAnalyticsKeys.all] },
  payments: { all: paymentKeys.all, keys: [paymentKeys.status('pi_1'), paymentKeys.deliverable(id), paymentKeys.history()] },
  settings: { all: settingsKeys.all, keys: [settingsKeys.brandProfile(id), settingsKeys.creatorProfile(id)] },
  admin: { all: adminKeys.all, keys: [adminKeys.users({ role: 'all', search: '', page: 1 }), adminKeys.stats(), adminKeys.activity(), adminKeys.health()] },
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

  it('keeps the values the caches have always had', () => {
    expect(campaignKeys.all).toEqual(['campaigns']);
    expect(campaignKeys.detail('x')).toEqual(['campaigns', 'detail', 'x']);
    expect(brandDashboardKeys.all).toEqual(['brand-dashboard']);
    expect(creatorKeys.recommended()).toEqual(['creators', 'recommended']);
    expect(currentProfileKeys.ofUser(undefined)).toEqual(['current-profile', 'anonymous']);
    expect(messageKeys.conversation('me', 'you')).toEqual(['messages', 'me', 'conversation', 'you']);
  });

  it("keep one user's messages apart from another's", async () => {
    const client = cacheWithEveryKey();
    client.setQueryData(messageKeys.contacts('someone-else'), []);
    await client.invalidateQueries({ queryKey: messageKeys.all(id) });
    expect(invalidated(client, messageKeys.contacts('someone-else'))).toBe(false);
  });
});
