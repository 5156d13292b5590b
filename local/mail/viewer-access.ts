import type { IncomingMessage } from 'node:http';
import { isLoopbackHost } from '../exposure.ts';
import { clientIp } from '../http/client-ip.ts';

/**
 * Whether this request may see the caught mail. The viewer shows password-recovery and sign-in links, so
 * whoever reads it can take over any account; exposure.ts lets the stack listen beyond loopback (with
 * secrets of its own, or ALLOW_INSECURE_DEFAULTS on a LAN), and those secrets do not protect this page.
 * So only this machine is served:
 * - the client the gateway resolved (clientIp: behind TRUSTED_PROXIES, the real client) is loopback;
 * - no X-Forwarded-For hop is anyone else: a tunnel or proxy on this machine (ngrok, cloudflared, nginx)
 *   connects from 127.0.0.1 on behalf of the internet even when it is not a trusted proxy. A local client
 *   can only refuse itself by forging the header, never get in;
 * - the Host is a loopback name: otherwise a page on another site whose name is re-pointed at 127.0.0.1
 *   (DNS rebinding) would be same-origin with the viewer in the developer's browser and could read it.
 */
export function mayViewMail(req: IncomingMessage): boolean {
  if (!isLoopbackHost(clientIp(req))) return false;
  if (!forwardedHops(req).every(isLoopbackHost)) return false;
  return isLoopbackName(hostName(req.headers.host ?? ''));
}

function forwardedHops(req: IncomingMessage): string[] {
  const header = req.headers['x-forwarded-for'];
  return (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
}

/** The Host header without its port ("[::1]:54321" is "::1"). */
function hostName(host: string): string {
  const bracketed = /^\[([^\]]+)\]/.exec(host);
  if (bracketed) return bracketed[1]!;
  return host.replace(/:\d+$/, '');
}

/** *.localhost names resolve to loopback by definition (RFC 6761), and browsers hard-wire them. */
function isLoopbackName(name: string): boolean {
  const n = name.toLowerCase().replace(/\.$/, '');
  return isLoopbackHost(n) || n.endsWith('.localhost');
}

/**
 * Whether a page of another origin made this request in the developer's browser. The gateway answers
 * every origin's CORS preflight (applyCors), so without this any site open in the same browser could read
 * the API's recovery links or clear the inbox. Navigations from elsewhere stay allowed (a link to the
 * viewer is fine: the other page cannot read what it opens), except for writes, since a cross-site form
 * POST is a navigation too.
 */
export function isCrossOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined && originHost(origin) !== req.headers.host) return true;
  const site = req.headers['sec-fetch-site'];
  if (site === undefined || site === 'same-origin' || site === 'none') return false;
  const write = req.method !== 'GET' && req.method !== 'HEAD';
  return write || req.headers['sec-fetch-mode'] !== 'navigate';
}

/** The host:port of an Origin header ("null", from sandboxed frames and the like, has none). */
function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
