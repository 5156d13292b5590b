import { rpc, signedInClient } from './clients.ts';
import { accept, fundByApi, type Hire, pendingHire } from './escrow.ts';
import type { AccountFactory } from './fixtures.ts';

/**
 * Disputes (issue 17) set-up for end-to-end journeys: a funded hire between fresh accounts with its
 * content delivered and awaiting the brand's review, made without the browser.
 */

export interface DeliveredHire extends Hire {
  deliverableId: string;
  contentUrl: string;
}

/** A fresh brand's $500.00 flat-fee hire of a fresh creator: accepted, funded by card, the content submitted. */
export async function deliveredHire(accounts: AccountFactory): Promise<DeliveredHire> {
  const hire = await pendingHire(accounts);
  await accept(hire);
  await fundByApi(hire);
  const creatorApi = await signedInClient(hire.creator);
  const contentUrl = `https://www.instagram.com/reel/${hire.creator.username}/`;
  const deliverableId = await rpc<string>(creatorApi, 'submit_deliverable', { campaign_id: hire.campaignId, content_url: contentUrl });
  await creatorApi.auth.signOut().catch(() => undefined);
  return { ...hire, deliverableId, contentUrl };
}
