import type { SocialPlatform } from '@/components/ui/reach/reach';

/** What the social-connect callback reports in `?result=` (decision 0053). */
export const SOCIAL_RESULTS = ['connected', 'denied', 'state_invalid', 'exchange_failed', 'profile_failed', 'account_taken', 'unavailable'] as const;
export type SocialResult = (typeof SOCIAL_RESULTS)[number];

export interface SocialReturn {
  /** Null when the callback could not tell which consent came back (a forged or expired state). */
  platform: SocialPlatform | null;
  result: SocialResult;
}

const PLATFORMS: readonly string[] = ['instagram', 'tiktok', 'youtube'];

/**
 * The return from a platform's consent, read from the address the callback redirected to
 * (`/settings?social=<platform>&result=<r>`). Anything else (no result, one this build does not know, a
 * hand-typed platform) is not a return: the screen says nothing rather than something untrue.
 */
export function socialReturn(params: URLSearchParams): SocialReturn | null {
  const result = params.get('result');
  if (!result || !(SOCIAL_RESULTS as readonly string[]).includes(result)) return null;
  const social = params.get('social');
  const platform = social && PLATFORMS.includes(social) ? (social as SocialPlatform) : null;
  // Only a forged or expired state comes back without the platform it was for.
  if (!platform && result !== 'state_invalid') return null;
  return { platform, result: result as SocialResult };
}

/** The address without the return's parameters, so a reload neither repeats the message nor a bookmark keeps it. */
export function withoutSocialReturn(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('social');
  next.delete('result');
  return next;
}
