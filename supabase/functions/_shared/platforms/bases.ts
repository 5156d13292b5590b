/**
 * The platforms' origins (decision 0052): each variable replaces one real origin and the paths after it are
 * the platform's own, so the local stack points the functions at its doubles by env alone. Unset, the real
 * host is used.
 */
export const REAL_PLATFORM_BASES = {
  INSTAGRAM_OAUTH_BASE: 'https://www.instagram.com',
  INSTAGRAM_TOKEN_BASE: 'https://api.instagram.com',
  INSTAGRAM_GRAPH_BASE: 'https://graph.instagram.com',
  TIKTOK_AUTH_BASE: 'https://www.tiktok.com',
  TIKTOK_API_BASE: 'https://open.tiktokapis.com',
  // The share-link hosts, asked server to server only for the redirect to the video (delivery/short-link.ts).
  TIKTOK_VM_BASE: 'https://vm.tiktok.com',
  TIKTOK_VT_BASE: 'https://vt.tiktok.com',
  TIKTOK_WEB_BASE: 'https://www.tiktok.com',
  GOOGLE_AUTH_BASE: 'https://accounts.google.com',
  GOOGLE_TOKEN_BASE: 'https://oauth2.googleapis.com',
  YOUTUBE_API_BASE: 'https://www.googleapis.com',
} as const;

export type PlatformBaseKey = keyof typeof REAL_PLATFORM_BASES;

/** The origin for `key`, without a trailing slash: the env variable when set, else the real host. */
export function platformBase(key: PlatformBaseKey, env: (name: string) => string | undefined = (n) => Deno.env.get(n)): string {
  const set = env(key)?.trim();
  return (set ? set : REAL_PLATFORM_BASES[key]).replace(/\/+$/, '');
}
