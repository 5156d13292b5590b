/** "instagram" -> "Instagram"; for content types and platforms stored in lower case. */
export function titleCase(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

const PLATFORM_NAMES: Record<string, string> = {
  tiktok: 'TikTok',
  instagram: 'Instagram',
  youtube: 'YouTube',
  facebook: 'Facebook',
  twitter: 'Twitter',
};

/** A platform as its owner spells it ("tiktok" -> "TikTok"); unknown values are title-cased. */
export function platformLabel(platform: string): string {
  return PLATFORM_NAMES[platform.toLowerCase()] ?? titleCase(platform);
}
