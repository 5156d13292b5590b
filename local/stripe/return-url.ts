import type { StackConfig } from '../config.ts';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether the test pages may send a browser to this URL: http(s), no credentials, and on the stack's
 * own origin (PUBLIC_URL or SITE_URL) or a loopback host (the Vite dev server). Anything else would make
 * the checkout page an open redirect.
 */
export function allowedReturnUrl(value: string | undefined, stack: StackConfig): URL | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password) return undefined;
  const origins = [stack.publicUrl, stack.siteUrl].map((u) => {
    try {
      return new URL(u).origin;
    } catch {
      return undefined;
    }
  });
  if (origins.includes(url.origin) || LOCAL_HOSTS.has(url.hostname)) return url;
  return undefined;
}

/** Stripe's redirect after a payment attempt: the return URL plus the PaymentIntent and the outcome. */
export function redirectUrl(returnUrl: URL, pi: { id: string; client_secret: string }, status: 'succeeded' | 'failed'): string {
  const url = new URL(returnUrl);
  url.searchParams.set('payment_intent', pi.id);
  url.searchParams.set('payment_intent_client_secret', pi.client_secret);
  url.searchParams.set('redirect_status', status);
  return url.toString();
}

/**
 * The checkout's way back (to the campaign): only a path on the return URL's own site ("/campaigns/…"),
 * never another origin ("//evil.example", "https://…", "\\evil"), so the link cannot lead elsewhere.
 */
export function sameSiteBackUrl(path: string | null | undefined, returnUrl: URL): string | undefined {
  if (!path || !path.startsWith('/') || path.startsWith('//') || /[\\\s]/.test(path)) return undefined;
  const url = new URL(path, returnUrl.origin);
  return url.origin === returnUrl.origin ? url.toString() : undefined;
}
