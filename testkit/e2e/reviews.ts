import { eventually } from '../eventually.ts';
import { type Credentials, rpc, signedInClient } from './clients.ts';
import { accept, fundByApi, type Hire, hireOf, pendingHire } from './escrow.ts';
import type { AccountFactory } from './fixtures.ts';

/**
 * Reviews (issue 17) set-up for end-to-end journeys: a completed hire between fresh accounts, made
 * without the browser, and reviews written through the api.
 */

export interface CompletedHire extends Hire {
  deliverableId: string;
}

/**
 * A fresh brand's flat-fee hire of a fresh creator, completed: accepted, funded by card, the content
 * submitted by the creator and approved by the brand, which releases the money (the moment reviews open).
 */
export async function completedHire(accounts: AccountFactory): Promise<CompletedHire> {
  const hire = await pendingHire(accounts);
  await accept(hire);
  await fundByApi(hire);
  const [brandApi, creatorApi] = await Promise.all([signedInClient(hire.brand), signedInClient(hire.creator)]);
  const deliverableId = await rpc<string>(creatorApi, 'submit_deliverable', {
    campaign_id: hire.campaignId,
    content_url: `https://www.instagram.com/reel/${hire.creator.username}/`,
  });
  await rpc(brandApi, 'review_deliverable', { deliverable_id: deliverableId, status: 'approved', feedback: 'Great work!' });
  await eventually(
    () => hireOf(hire.brand, hire.campaignId, hire.applicationId),
    (h) => h?.status === 'released',
  );
  await Promise.all([brandApi.auth.signOut(), creatorApi.auth.signOut()]).catch(() => undefined);
  return { ...hire, deliverableId };
}

/** The account reviews the other side of the hire through api.submit_review; returns the review's id. */
export async function reviewByApi(account: Credentials, applicationId: string, rating: number, body: string): Promise<string> {
  const client = await signedInClient(account);
  const id = await rpc<string>(client, 'submit_review', { application_id: applicationId, rating, body });
  await client.auth.signOut().catch(() => undefined);
  return id;
}
