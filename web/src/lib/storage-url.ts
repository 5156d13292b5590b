// Pure (the Supabase URL is passed in): callers give env.supabaseUrl, tests any base.

/**
 * The public address of an object in a public bucket, as storage-js's getPublicUrl() makes it, without
 * loading supabase-js: lists of people draw many of these.
 */
export function publicObjectUrl(base: string, bucket: string, path: string): string {
  return `${base}/storage/v1/object/public/${bucket}/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * A picture address as the database holds it: a full URL (what Settings saves), or the root-relative
 * `/storage/v1/...` the seed writes because SQL cannot know the project's host (decision 0048). The
 * relative form is read against the Supabase URL, which is the app's own origin on the local stack.
 */
export function pictureUrl(base: string, url: string | null | undefined): string | null {
  if (!url) return null;
  return url.startsWith('/storage/v1/') ? `${base}${url}` : url;
}
