/** What the `avatars` and `logos` buckets accept (migration 20250128000000); the bucket refuses the rest too. */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The buckets' limit for the uploaded square. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
/**
 * A chosen photo is decoded and re-encoded as a small square in the browser, so a phone's 5 MB photo is
 * fine to pick; past this it is refused before it is even decoded (decision 0046).
 */
export const MAX_SOURCE_BYTES = 10 * 1024 * 1024;
/** The uploaded square's side in pixels: sharp at twice the largest size the app draws (the 96 px profile). */
export const PICTURE_SIDE = 512;

export type PictureProblem = 'type' | 'size';

/** Why a chosen file cannot be used, or null when it can. Checked before anything is read or uploaded. */
export function pictureFileProblem(file: { type: string; size: number }): PictureProblem | null {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > MAX_SOURCE_BYTES) return 'size';
  return null;
}

/** Why the encoded square cannot be uploaded, or null. */
export function encodedPictureProblem(blob: { type: string; size: number }): PictureProblem | null {
  if (!(PICTURE_TYPES as readonly string[]).includes(blob.type)) return 'type';
  if (blob.size > MAX_UPLOAD_BYTES) return 'size';
  return null;
}

/** Megabytes for messages: 2097152 -> "2". */
export const megabytes = (bytes: number) => String(Math.round((bytes / (1024 * 1024)) * 10) / 10);

export type PictureBucket = 'avatars' | 'logos';

const EXTENSIONS: Record<string, string> = { 'image/webp': 'webp', 'image/jpeg': 'jpg', 'image/png': 'png' };

/**
 * The object's key: in the owner's folder (the buckets' policies), a new name per upload so no browser or
 * CDN keeps showing the previous picture under the same address.
 */
export function pictureObjectPath(userId: string, bucket: PictureBucket, type: string, now: number): string {
  const stem = bucket === 'logos' ? 'logo' : 'avatar';
  return `${userId}/${stem}-${now.toString(36)}.${EXTENSIONS[type] ?? 'img'}`;
}

/**
 * The key of a public URL of this bucket in the user's folder, or null for anything else (an older
 * picture from outside Storage is never deleted, only unlinked).
 */
export function objectPathOfPublicUrl(url: string | null | undefined, bucket: PictureBucket, userId: string): string | null {
  if (!url) return null;
  const marker = `/storage/v1/object/public/${bucket}/`;
  const at = url.indexOf(marker);
  if (at < 0) return null;
  const path = url.slice(at + marker.length).split(/[?#]/)[0]!;
  return path.startsWith(`${userId}/`) && !path.slice(userId.length + 1).includes('/') ? path : null;
}
