// The verification outcome of a delivered URL from what the platform said (decision 0055). Kept apart from
// the HTTP calls so every outcome is decided by one small, tested function; delivery-verify feeds it the
// connected account and the platform's answer about the post.

import { DEFAULT_DISCLOSURE_TAGS, disclosureFound } from './disclosure.ts';
import type { Platform, PostRef } from './post-url.ts';

export type Outcome =
  | 'verified'
  | 'not_owner'
  | 'published_before_hire'
  | 'missing_disclosure'
  | 'no_connected_account'
  | 'post_not_found'
  | 'platform_unavailable';

/** The post as the platform's API reported it, in the account's own listing or by id. */
export interface PlatformPost {
  id: string;
  /** IG user_id, TikTok open_id, YouTube channel id of the post's author. */
  ownerId: string;
  publishedAt: Date;
  texts: Array<string | null>;
  paidPartnershipLabel: boolean | null;
}

/** What asking the platform about the post gave. `reconnect_needed`: the creator's grant is gone. */
export type Lookup =
  | { kind: 'found'; post: PlatformPost }
  | { kind: 'absent' }
  | { kind: 'failed'; reason: 'unavailable' | 'rate_limited' | 'reconnect_needed'; retryAfterSeconds?: number };

export interface Decision {
  outcome: Outcome;
  platform: Platform | null;
  postId: string | null;
  publishedAt: Date | null;
  disclosureVia: 'label' | 'hashtag' | null;
  detail: string | null;
  retryAfterSeconds?: number;
}

export function decide(input: {
  ref: PostRef;
  account: { platform: Platform; platformUserId: string; status: 'connected' | 'reconnect_needed' } | null;
  lookup: Lookup | null;
  hireStartedAt: Date;
  disclosureTags: readonly string[] | null;
}): Decision {
  const { ref } = input;
  const base = { platform: null, postId: null, publishedAt: null, disclosureVia: null } as const;
  if (!ref.ok) {
    // A short link that could not be resolved is a platform problem, tried again; anything else names no post.
    if (ref.reason === 'needs_resolution') return { ...base, platform: 'tiktok', outcome: 'platform_unavailable', detail: 'short_link_unresolved' };
    return { ...base, outcome: 'post_not_found', detail: ref.reason };
  }
  if (!input.account || input.account.platform !== ref.platform) {
    return { ...base, platform: ref.platform, outcome: 'no_connected_account', detail: null };
  }
  const postId = ref.platform === 'instagram' ? ref.shortcode : ref.videoId;
  const lookup = input.lookup;
  // A revoked grant leaves the check due: it passes once the creator reconnects.
  if (input.account.status === 'reconnect_needed' || !lookup || lookup.kind === 'failed') {
    const reason = lookup?.kind === 'failed' ? lookup.reason : 'reconnect_needed';
    return { ...base, platform: ref.platform, postId, outcome: 'platform_unavailable', detail: reason,
      retryAfterSeconds: lookup?.kind === 'failed' ? lookup.retryAfterSeconds : undefined };
  }
  // The account's own listing holds only its posts: a post that is absent there is someone else's or gone.
  if (lookup.kind === 'absent') return { ...base, platform: ref.platform, postId, outcome: 'not_owner', detail: 'not_in_account_media' };
  const post = lookup.post;
  // The API's own id from here on (Instagram's media id, not the shortcode): snapshots ask by it.
  const found = { platform: ref.platform, postId: post.id, publishedAt: post.publishedAt };
  if (post.ownerId !== input.account.platformUserId) return { ...found, disclosureVia: null, outcome: 'not_owner', detail: null };
  if (post.publishedAt.getTime() < input.hireStartedAt.getTime()) {
    return { ...found, disclosureVia: null, outcome: 'published_before_hire', detail: null };
  }
  const d = disclosureFound({ texts: post.texts, paidPartnershipLabel: post.paidPartnershipLabel }, input.disclosureTags ?? DEFAULT_DISCLOSURE_TAGS);
  if (!d.ok) return { ...found, disclosureVia: null, outcome: 'missing_disclosure', detail: null };
  return { ...found, disclosureVia: d.via, outcome: 'verified', detail: d.tag };
}
