/** The platforms' own spelling of their names, the same in every language ("tiktok" -> "TikTok"). */
const NAMES: Record<string, string> = { instagram: 'Instagram', tiktok: 'TikTok', youtube: 'YouTube' };

/** The name to show for a stored platform code; undefined for a code we do not connect. */
export function platformDisplayName(platform: string): string | undefined {
  return NAMES[platform];
}
