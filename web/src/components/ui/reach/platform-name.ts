import type { SocialPlatform } from './reach';

/** Brand names, the same in every language. */
const NAMES: Record<SocialPlatform, string> = { instagram: 'Instagram', tiktok: 'TikTok', youtube: 'YouTube' };

export function platformName(platform: SocialPlatform): string {
  return NAMES[platform];
}
