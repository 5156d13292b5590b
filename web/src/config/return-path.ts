/**
 * Where to go back to after signing in or up (`?next=` on /auth, issue 32): a visitor who pressed Apply on
 * a public campaign lands on that campaign. The value comes from the address, which anyone can write, so
 * only a path of this site is kept: it starts with one '/', has no backslash (browsers read '/\host' as
 * '//host'), no control characters or spaces, and resolves to the same origin. Anything else (an
 * absolute URL, '//host', 'javascript:') is null: the caller's default (the dashboard) applies.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2000) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  // Backslashes, control characters and whitespace: browsers drop or rewrite them, turning '/\t/x' into '//x'.
  if (/[\\\s\u0000-\u001f\u007f]/.test(raw)) return null;
  const base = 'https://this-site.invalid';
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  // Back to the sign-in screen would be a loop.
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return null;
  return url.pathname + url.search + url.hash;
}

/** /auth, coming back to `next` once signed in (if it is a safe path); `tab` opens sign-up instead of sign-in. */
export function authHrefReturningTo(next: string, tab?: 'register'): string {
  const safe = safeReturnPath(next);
  const search = new URLSearchParams();
  if (safe) search.set('next', safe);
  if (tab && safe) search.set('tab', tab);
  return search.size ? `/auth?${search}` : '/auth';
}
