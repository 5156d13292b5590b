/** Display rules of the creator screens (spec sections 2 and 9). Follower counts: Formatters.compact. */

/** The initials shown when a creator has no avatar: first letters of the first two words. */
export function initials(fullName: string): string {
  const letters = fullName
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase());
  return letters.join('') || '?';
}

export type SocialPlatform = 'instagram' | 'tiktok' | 'youtube';

/** A handle as people type it ("@sofia.rios ", "sofia.rios") without the @ and spaces. */
export function cleanHandle(handle: string): string {
  return handle.trim().replace(/^@+/, '');
}

/**
 * The public profile URL of a handle: https://instagram.com/<h>, https://www.tiktok.com/@<h>,
 * https://www.youtube.com/@<h>. The handle is URL-encoded, so odd input cannot change the host or path.
 */
export function socialUrl(platform: SocialPlatform, handle: string): string {
  const h = encodeURIComponent(cleanHandle(handle));
  switch (platform) {
    case 'instagram':
      return `https://instagram.com/${h}`;
    case 'tiktok':
      return `https://www.tiktok.com/@${h}`;
    case 'youtube':
      return `https://www.youtube.com/@${h}`;
  }
}

/** The creator's social links, in a fixed order, only for the handles they have. */
export function socialLinks(c: { instagram_handle: string | null; tiktok_handle: string | null; youtube_handle: string | null }) {
  const out: Array<{ platform: SocialPlatform; label: string; handle: string; url: string }> = [];
  const add = (platform: SocialPlatform, label: string, handle: string | null) => {
    if (handle && cleanHandle(handle)) out.push({ platform, label, handle: cleanHandle(handle), url: socialUrl(platform, handle) });
  };
  add('instagram', 'Instagram', c.instagram_handle);
  add('tiktok', 'TikTok', c.tiktok_handle);
  add('youtube', 'YouTube', c.youtube_handle);
  return out;
}
