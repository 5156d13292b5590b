import { type Credentials, rpc, signedInClient } from './clients.ts';
import { accept, fundByApi, type Hire, pendingHire } from './escrow.ts';
import type { AccountFactory } from './fixtures.ts';

/**
 * Revision rounds (issue 17) set-up for end-to-end journeys: a funded hire whose creator has submitted
 * content, made without the browser, and the brand's and creator's steps through the api.
 */

export interface SubmittedHire extends Hire {
  deliverableId: string;
  contentUrl: string;
}

/**
 * A fresh brand's flat-fee hire of a fresh creator (the campaign includes the default 2 revision rounds),
 * accepted, funded by card, with the creator's content submitted and awaiting review.
 */
export async function submittedHire(accounts: AccountFactory): Promise<SubmittedHire> {
  const hire = await pendingHire(accounts);
  await accept(hire);
  await fundByApi(hire);
  const contentUrl = `https://www.instagram.com/reel/${hire.creator.username}/`;
  const deliverableId = await submitByApi(hire.creator, hire.campaignId, contentUrl);
  return { ...hire, deliverableId, contentUrl };
}

/** The creator submits a content link for their accepted application; returns the deliverable's id. */
export async function submitByApi(creator: Credentials, campaignId: string, contentUrl: string): Promise<string> {
  const client = await signedInClient(creator);
  const id = await rpc<string>(client, 'submit_deliverable', { campaign_id: campaignId, content_url: contentUrl });
  await client.auth.signOut().catch(() => undefined);
  return id;
}

/** The brand decides on content awaiting review (approved, changes_requested or rejected). */
export async function reviewByApi(brand: Credentials, deliverableId: string, status: 'approved' | 'changes_requested' | 'rejected', feedback?: string): Promise<void> {
  const client = await signedInClient(brand);
  await rpc(client, 'review_deliverable', { deliverable_id: deliverableId, status, feedback: feedback ?? null });
  await client.auth.signOut().catch(() => undefined);
}

/** The creator answers a request for changes. */
export async function resubmitByApi(creator: Credentials, deliverableId: string, contentUrl: string, note?: string): Promise<void> {
  const client = await signedInClient(creator);
  await rpc(client, 'resubmit_deliverable', { deliverable_id: deliverableId, content_url: contentUrl, note: note ?? null });
  await client.auth.signOut().catch(() => undefined);
}
