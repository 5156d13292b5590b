/** A website as a link target: "glowlab.com" -> "https://glowlab.com"; http(s) links are kept as they are. */
export function websiteHref(website: string): string {
  const trimmed = website.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed.replace(/^\/+/, '')}`;
}
