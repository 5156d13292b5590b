// One verification of a delivered URL, end to end, with its collaborators passed in (decision 0055): the
// delivery-verify function supplies them from the service-role client and h-connect's freshAccessToken /
// platformBase once those land; tests supply fakes. Every path ends in exactly one recorded result.

import { lookupPost } from './lookup.ts';
import { type Decision, decide, type Lookup } from './outcome.ts';
import { type Platform, type PostRef, parsePostUrl } from './post-url.ts';
import type { ShortLinkResult } from './short-link.ts';

export interface CheckInput {
  contentUrl: string;
  creatorId: string;
  hireStartedAt: Date;
  disclosureTags: string[] | null;
}
export interface ConnectedAccount {
  id: string;
  platform: Platform;
  platformUserId: string;
  status: 'connected' | 'reconnect_needed';
}
export type TokenResult = { ok: true; token: string } | { ok: false; reason: 'reconnect_needed' | 'unavailable'; retryAfterSeconds?: number };

export interface CheckDeps {
  input(deliverableId: string): Promise<CheckInput | null>;
  account(creatorId: string, platform: Platform): Promise<ConnectedAccount | null>;
  token(accountId: string): Promise<TokenResult>;
  base(platform: Platform): string;
  record(deliverableId: string, decision: Decision): Promise<void>;
  /** Asks TikTok where a share link leads (short-link.ts); without it a share link stays unresolved. */
  resolveShortLink?(url: string): Promise<ShortLinkResult>;
  fetch?: typeof fetch;
}

/**
 * The post a URL names, a share link read through its redirect first. A link that leads to no video names no
 * post (final); one TikTok did not answer for stays `needs_resolution`, which decide() keeps due.
 */
async function postRefOf(contentUrl: string, deps: CheckDeps): Promise<PostRef> {
  const ref = parsePostUrl(contentUrl);
  if (ref.ok || ref.reason !== 'needs_resolution' || !deps.resolveShortLink) return ref;
  const resolved = await deps.resolveShortLink(ref.url);
  if (resolved.ok) return resolved.ref;
  return resolved.reason === 'not_a_post' ? { ok: false, reason: 'not_a_post_url' } : ref;
}

export async function runCheck(deliverableId: string, deps: CheckDeps): Promise<Decision | null> {
  const input = await deps.input(deliverableId);
  if (!input) return null; // the deliverable is gone: nothing to record
  const ref = await postRefOf(input.contentUrl, deps);
  const account = ref.ok ? await deps.account(input.creatorId, ref.platform) : null;
  let lookup: Lookup | null = null;
  if (ref.ok && account && account.status === 'connected') {
    const token = await deps.token(account.id);
    lookup = token.ok
      ? await lookupPost({ ref, base: deps.base(ref.platform), token: token.token, ownerId: account.platformUserId, fetch: deps.fetch })
      : { kind: 'failed', reason: token.reason, retryAfterSeconds: token.retryAfterSeconds };
  }
  const decision = decide({ ref, account, lookup, hireStartedAt: input.hireStartedAt, disclosureTags: input.disclosureTags });
  await deps.record(deliverableId, decision);
  return decision;
}
