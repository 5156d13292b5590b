import type { IncomingMessage } from 'node:http';
import { isLoopbackHost } from '../exposure.ts';
import { clientIp } from './client-ip.ts';

/**
 * Whether a request comes from this machine, for itself: what a service that must not be reachable from
 * the network checks, whatever HOST the stack listens on.
 * - the client the gateway resolved (clientIp: behind TRUSTED_PROXIES, the real client) is loopback;
 * - no X-Forwarded-For hop is anyone else: a tunnel or proxy on this machine (ngrok, cloudflared, nginx)
 *   connects from 127.0.0.1 on behalf of the internet even when it is not a trusted proxy. A local client
 *   can only refuse itself by forging the header, never get in;
 * - the Host is a loopback name: otherwise a page on another site whose name is re-pointed at 127.0.0.1
 *   (DNS rebinding) would be same-origin with the service in a browser on this machine.
 */
export function isFromThisMachine(req: IncomingMessage): boolean {
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
