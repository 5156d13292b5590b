import { BlockList, isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

/**
 * The proxies whose X-Forwarded-For the stack believes, from TRUSTED_PROXIES (IPs or CIDRs). Anyone can
 * send the header, so believing it from any peer would let a client pick the address its rate limits
 * count against; only a hop we trust can vouch for the one before it.
 */
export class TrustedProxies {
  readonly #list = new BlockList();
  readonly #empty: boolean;

  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      const [address = '', bits] = entry.split('/');
      const family = isIP(address);
      if (!family) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
      const type = family === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) this.#list.addAddress(address, type);
      else {
        const prefix = Number(bits);
        if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32)) {
          throw new Error(`TRUSTED_PROXIES: "${entry}" has an invalid prefix length`);
        }
        this.#list.addSubnet(address, prefix, type);
      }
    }
    this.#empty = entries.length === 0;
  }

  has(address: string): boolean {
    if (this.#empty) return false;
    const plain = unmapped(address);
    const family = isIP(plain);
    return family !== 0 && this.#list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  }
}

/** `::ffff:1.2.3.4` (an IPv4 peer on a dual-stack socket) is 1.2.3.4. */
function unmapped(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/**
 * The client's address: the socket's peer, unless the peer is a trusted proxy; then X-Forwarded-For is
 * read from the right (the hop nearest us) and the first address not itself a trusted proxy is the
 * client. Hops left of it were written by the client and are never believed.
 */
export function resolveClientIp(req: IncomingMessage, trusted: TrustedProxies): string {
  const peer = peerOf(req);
  if (!trusted.has(peer)) return peer;
  const hops = forwardedHops(req);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (!isIP(hop)) return peer;
    if (!trusted.has(hop)) return hop;
  }
  return hops[0] ?? peer;
}

/** The socket's peer address. */
function peerOf(req: IncomingMessage): string {
  return unmapped(req.socket.remoteAddress ?? 'unknown');
}

/** The X-Forwarded-For hops, left (farthest) to right (nearest), unmapped. */
function forwardedHops(req: IncomingMessage): string[] {
  const header = req.headers['x-forwarded-for'];
  return (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((h) => unmapped(h.trim()))
    .filter(Boolean);
}

const resolved = new WeakMap<IncomingMessage, string>();

/** Records who the gateway decided the client is, once per request, for every service to read. */
export function rememberClientIp(req: IncomingMessage, ip: string): void {
  resolved.set(req, ip);
}

/** The client's address as the gateway resolved it (the socket's peer if it did not). */
export function clientIp(req: IncomingMessage): string {
  return resolved.get(req) ?? peerOf(req);
}

/**
 * A request from the stack's own edge functions (they reach it on the internal listener): the function
 * passes on the X-Forwarded-For the gateway gave it, which holds the client the gateway resolved, so the
 * rightmost hop is believed as it would be from a trusted proxy.
 */
export function resolveInternalClientIp(req: IncomingMessage): string {
  const last = forwardedHops(req).at(-1) ?? '';
  return isIP(last) ? last : peerOf(req);
}
