import type { Page } from '@playwright/test';
import { demo } from '../testkit/e2e/accounts.ts';
import { en } from '../testkit/e2e/catalog-text.ts';
import { rpc, serviceClient } from '../testkit/e2e/clients.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { submittedHire } from '../testkit/e2e/revisions.ts';
import { signInAs } from '../testkit/e2e/sign-in.ts';

// The admins' list of removed posts (issue 35): a delivered post that delivery-verify found deleted within
// its live period (recorded here as the function records it, with the service role: api.record_delivery_check,
// then a snapshot that finds the post gone) appears in the admin dashboard's list with its campaign, creator,
// brand, platform, link, when it was found removed and its live period. A table from 640 px, cards below.

const wide = (page: Page) => (page.viewportSize()?.width ?? 1280) >= 640;
const NAME = en('admin.removed.table');

test.describe('admin: removed posts', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a post flagged removed appears in the admin list', async ({ page, accounts }, info) => {
    const h = await submittedHire(accounts);
    const service = serviceClient();
    await rpc(service, 'record_delivery_check', {
      deliverable_id: h.deliverableId, outcome: 'verified', platform: 'instagram', post_id: '17890000000009001',
      published_at: new Date(Date.now() - 3 * 86_400_000).toISOString(), disclosure_via: 'hashtag',
    });
    expect(await rpc(service, 'record_post_snapshot', { deliverable_id: h.deliverableId, checkpoint: '24h', ok: true, is_live: false, removed_as: 'deleted' })).toBe(true);

    await signInAs(page, demo.admin, /\/dashboard\/admin$/);
    const section = page.getByRole('region', { name: new RegExp(`^${en('admin.removed.title')}`) });
    await expect(section.getByText(en('admin.removed.lead'))).toBeVisible();
    // Other journeys may flag posts of their own at the same time: find this one by its campaign.
    const entry = wide(page)
      ? section.getByRole('table', { name: NAME }).getByRole('row').filter({ hasText: h.campaignTitle })
      : section.getByRole('list', { name: NAME }).getByRole('listitem').filter({ hasText: h.campaignTitle });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(h.creator.fullName);
    await expect(entry).toContainText(h.brand.companyName ?? h.brand.fullName);
    await expect(entry).toContainText('Instagram');
    await expect(entry).toContainText(en('admin.removed.as.deleted'));
    await expect(entry.getByRole('link', { name: new RegExp(h.contentUrl.replace(/[.?/]/g, '\\$&')) })).toHaveAttribute('href', h.contentUrl);
    // The live period: published three days ago, live for its 30 days.
    await expect(entry).toContainText(/From .+ to /);
    await entry.scrollIntoViewIfNeeded();
    await section.screenshot({ path: `/tmp/removed-posts-shots/${info.project.name}.png` });
  });
});
