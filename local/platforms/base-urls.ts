import { GOOGLE_PREFIX } from './youtube.ts';
import { INSTAGRAM_PREFIX } from './instagram.ts';
import { TIKTOK_PREFIX } from './tiktok.ts';

/** The real hosts, which the functions use when no base URL variable is set. */
export const REAL_PLATFORM_BASES = {
  INSTAGRAM_OAUTH_BASE: 'https://www.instagram.com',
  INSTAGRAM_TOKEN_BASE: 'https://api.instagram.com',
  INSTAGRAM_GRAPH_BASE: 'https://graph.instagram.com',
  TIKTOK_AUTH_BASE: 'https://www.tiktok.com',
  TIKTOK_API_BASE: 'https://open.tiktokapis.com',
  // The share-link hosts, asked server to server only for the redirect to the video (supabase/functions/_shared/delivery/short-link.ts).
  TIKTOK_VM_BASE: 'https://vm.tiktok.com',
  TIKTOK_VT_BASE: 'https://vt.tiktok.com',
  TIKTOK_WEB_BASE: 'https://www.tiktok.com',
  GOOGLE_AUTH_BASE: 'https://accounts.google.com',
  GOOGLE_TOKEN_BASE: 'https://oauth2.googleapis.com',
  YOUTUBE_API_BASE: 'https://www.googleapis.com',
} as const;

export type PlatformBaseName = keyof typeof REAL_PLATFORM_BASES;

/**
 * The base URL variables that point the functions at the doubles on a stack reachable at `stackUrl`: each
 * replaces one real origin, and the paths after it are the platform's own
 * (e.g. `${INSTAGRAM_GRAPH_BASE}/v23.0/me` ⇔ https://graph.instagram.com/v23.0/me).
 */
export function platformBaseUrls(stackUrl: string): Record<PlatformBaseName, string> {
  const root = stackUrl.replace(/\/$/, '');
  return {
    INSTAGRAM_OAUTH_BASE: `${root}${INSTAGRAM_PREFIX}/www`,
    INSTAGRAM_TOKEN_BASE: `${root}${INSTAGRAM_PREFIX}/api`,
    INSTAGRAM_GRAPH_BASE: `${root}${INSTAGRAM_PREFIX}/graph`,
    TIKTOK_AUTH_BASE: `${root}${TIKTOK_PREFIX}/www`,
    TIKTOK_API_BASE: `${root}${TIKTOK_PREFIX}/open`,
    TIKTOK_VM_BASE: `${root}${TIKTOK_PREFIX}/vm`,
    TIKTOK_VT_BASE: `${root}${TIKTOK_PREFIX}/vt`,
    TIKTOK_WEB_BASE: `${root}${TIKTOK_PREFIX}/www`,
    GOOGLE_AUTH_BASE: `${root}${GOOGLE_PREFIX}/accounts`,
    GOOGLE_TOKEN_BASE: `${root}${GOOGLE_PREFIX}/oauth2`,
    YOUTUBE_API_BASE: `${root}${GOOGLE_PREFIX}/apis`,
  };
}
