import type { IncomingMessage } from 'node:http';
import { isFromThisMachine } from '../http/this-machine.ts';

/**
 * Whether this request may see the caught mail. The viewer shows password-recovery and sign-in links, so
 * whoever reads it can take over any account; exposure.ts lets the stack listen beyond loopback (with
 * secrets of its own, or ALLOW_INSECURE_DEFAULTS on a LAN), and those secrets do not protect this page.
 * So only this machine is served, by the rules of isFromThisMachine (loopback client, no forwarded hop
 * from elsewhere, a loopback Host against DNS rebinding).
 */
export function mayViewMail(req: IncomingMessage): boolean {
  return isFromThisMachine(req);
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
