import type { StackConfig } from '../config.ts';
import { platformBaseUrls, type PlatformBaseName } from './base-urls.ts';
import { LOCAL_PLATFORM_CLIENT_SECRET } from './oauth.ts';

/** Browser-facing bases: the consent pages a creator's browser is sent to (decision 0052). */
const BROWSER_FACING: readonly PlatformBaseName[] = ['INSTAGRAM_OAUTH_BASE', 'TIKTOK_AUTH_BASE', 'GOOGLE_AUTH_BASE'];

/**
 * The platform variables of the functions' env on a local stack, as stripeFunctionEnv does for Stripe:
 * unless the platform's client id is configured (a real app), its base URLs point at the doubles (the
 * consent pages at the public URL, the server-to-server ones at the internal one) with the doubles'
 * published secret. With PLATFORM_DOUBLES=off nothing is set and the real hosts apply.
 */
export function platformFunctionEnv(stack: StackConfig, env: Record<string, string | undefined>, doubles = process.env.PLATFORM_DOUBLES !== 'off'): Record<string, string> {
  if (!doubles) return {};
  const out: Record<string, string> = {};
  const within = platformBaseUrls(stack.internalUrl ?? stack.publicUrl);
  const browser = platformBaseUrls(stack.publicUrl);
  const apps: Array<[string, string, PlatformBaseName[]]> = [
    ['INSTAGRAM_CLIENT_ID', 'INSTAGRAM_CLIENT_SECRET', ['INSTAGRAM_OAUTH_BASE', 'INSTAGRAM_TOKEN_BASE', 'INSTAGRAM_GRAPH_BASE']],
    ['TIKTOK_CLIENT_KEY', 'TIKTOK_CLIENT_SECRET', ['TIKTOK_AUTH_BASE', 'TIKTOK_API_BASE', 'TIKTOK_VM_BASE', 'TIKTOK_VT_BASE', 'TIKTOK_WEB_BASE']],
    ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', ['GOOGLE_AUTH_BASE', 'GOOGLE_TOKEN_BASE', 'YOUTUBE_API_BASE']],
  ];
  for (const [idVar, secretVar, bases] of apps) {
    if (env[idVar]) continue; // a real app is configured: the real hosts
    out[idVar] = `local-${idVar.split('_')[0]!.toLowerCase()}-app`;
    out[secretVar] = LOCAL_PLATFORM_CLIENT_SECRET;
    for (const base of bases) out[base] = (BROWSER_FACING.includes(base) ? browser : within)[base];
  }
  return out;
}
