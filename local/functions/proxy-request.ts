import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { clientIp } from '../http/client-ip.ts';

/** Connection-level headers a proxy must not forward (RFC 9110 section 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization',
  'te', 'trailer', 'transfer-encoding', 'upgrade',
]);

export interface ProxyTarget {
  port: number;
  agent: http.Agent;
  /** Path and query the function sees, e.g. `/payments/status?x=1`. */
  path: string;
  /** Largest body passed on (MAX_BODY_BYTES); past it the request is cut and answered 413. */
  maxBodyBytes: number;
  /**
   * How long the function may take to start its response; past it the request to the function is cut and
   * `deadline` returned (hosted Supabase answers 504 after its 150 s request idle timeout). A response
   * that has started streams on.
   */
  deadlineMs: number;
}

/**
 * How a proxied request ended when it got no response from the function. `delivered` is false when
 * the connection was refused before any of the request went out: the request is intact and safe to
 * send again (to a restarted process). `reusedSocket` says it went out on a kept-alive connection,
 * which the peer may have dropped just before.
 */
export type ProxyFailure =
  | { kind: 'upstream'; error: Error; delivered: boolean; reusedSocket: boolean }
  | { kind: 'client-gone' }
  | { kind: 'too-large' }
  | { kind: 'deadline' };

/**
 * Streams the request to the function's Deno server and its response back: method, headers (minus
 * hop-by-hop ones), body both ways without buffering. Resolves when the response has been sent;
 * returns a failure instead when the function gave no response, so the caller can answer 500.
 * Headers the function sets win over the gateway's (its CORS headers, for instance).
 */
export function proxyRequest(req: IncomingMessage, res: ServerResponse, target: ProxyTarget): Promise<ProxyFailure | undefined> {
  return new Promise((resolve) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    // The client the gateway resolved (TRUSTED_PROXIES decides whether a forwarded chain is believed), not
    // whatever the client wrote: functions pass it on to Auth, whose per-IP limits must count real clients.
    headers['x-forwarded-for'] = clientIp(req);
    headers['x-forwarded-proto'] ??= 'http';

    let settled = false;
    let delivered = false;
    const finish = (failure?: ProxyFailure) => {
      clearTimeout(deadline);
      if (settled) return;
      settled = true;
      resolve(failure);
    };
    const deadline = setTimeout(() => {
      if (res.headersSent) return;
      finish({ kind: 'deadline' });
      upstream.destroy();
    }, target.deadlineMs);

    const upstream = http.request({
      host: '127.0.0.1',
      port: target.port,
      method: req.method,
      path: target.path,
      headers,
      agent: target.agent,
    });

    upstream.on('response', (answer) => {
      clearTimeout(deadline);
      if (settled) return answer.resume();
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(name)) res.setHeader(name, value);
      }
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage);
      answer.pipe(res);
      answer.on('end', () => finish());
      // The function's stream broke after the status went out: all we can do is cut the response.
      answer.on('error', () => {
        res.destroy();
        finish();
      });
    });
    upstream.on('error', (error) => {
      if (res.headersSent) {
        res.destroy();
        finish();
      } else {
        finish({ kind: 'upstream', error, delivered, reusedSocket: upstream.reusedSocket });
      }
    });
    // The client went away before the response was complete: stop the function's work too.
    res.on('close', () => {
      if (!res.writableFinished) {
        upstream.destroy();
        finish({ kind: 'client-gone' });
      }
    });
    // The body is piped only once a connection exists, so a refused connection leaves it unread.
    const sendBody = () => {
      delivered = true;
      // A chunked body declares no length: count it on the way, as the gateway does for /rest and /auth.
      let size = 0;
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= target.maxBodyBytes) return;
        req.unpipe(upstream);
        req.resume();
        upstream.destroy();
        if (!res.headersSent) finish({ kind: 'too-large' });
      });
      req.pipe(upstream);
    };
    upstream.once('socket', (socket) => {
      if (socket.connecting) socket.once('connect', sendBody);
      else sendBody();
    });
  });
}
