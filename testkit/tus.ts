import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { Upload, type UploadOptions } from 'tus-js-client';

/** A TUS upload as Supabase's docs make it with tus-js-client (6 MB chunks, bearer token, x-upsert). */
export function tusUpload(
  baseUrl: string,
  token: string,
  data: Buffer,
  meta: { bucketName: string; objectName: string; contentType?: string; cacheControl?: string; metadata?: string },
  opts: Partial<UploadOptions> & { upsert?: boolean } = {},
  onUrl?: (url: string) => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(data, {
      endpoint: `${baseUrl}/storage/v1/upload/resumable`,
      retryDelays: [0, 200, 500],
      headers: { authorization: `Bearer ${token}`, 'x-upsert': String(opts.upsert ?? false) },
      uploadDataDuringCreation: true,
      removeFingerprintOnSuccess: true,
      metadata: { contentType: 'application/octet-stream', cacheControl: '3600', ...meta },
      chunkSize: 6 * 1024 * 1024,
      ...opts,
      onUploadUrlAvailable: () => onUrl?.(upload.url ?? ''),
      onError: (e) => reject(e),
      onSuccess: () => resolve(upload.url ?? ''),
    });
    upload.start();
  });
}

/** The status and text of a failed tus-js-client upload (its DetailedError). */
export function tusFailure(e: unknown): { status: number | undefined; body: string | undefined } {
  const res = (e as { originalResponse?: { getStatus(): number; getBody(): string } }).originalResponse;
  return { status: res?.getStatus(), body: res?.getBody() };
}

/** Incompressible bytes (a video's are). */
export const randomData = (bytes: number) => randomBytes(bytes);

/** A raw TUS request, for what tus-js-client does not let a test do (a wrong offset, a half-sent PATCH). */
export function tusRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { 'Tus-Resumable': '1.0.0', ...headers } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Sends `sent` bytes of a PATCH of `data` and drops the connection, as a client losing its network does.
 * Resolves once the socket is gone.
 */
export function droppedPatch(url: string, headers: Record<string, string>, data: Buffer, sent: number): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request(url, {
      method: 'PATCH',
      headers: { 'Tus-Resumable': '1.0.0', 'Content-Type': 'application/offset+octet-stream', 'Content-Length': String(data.length), ...headers },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(data.subarray(0, sent), () => setTimeout(() => req.destroy(), 200));
  });
}

/**
 * A TCP relay in front of the stack that cuts the connection carrying the byte number `cutAfter` (counted
 * over all connections, client to stack; both sides destroyed, as a lost network looks), then relays
 * normally. It reads no faster than the stack takes, so few bytes are lost in its buffers at the cut.
 * `beforeCut` runs once the relay has stopped forwarding and before it cuts: a test waits there for the
 * stack to have taken what was already forwarded, which on a busy machine can lag the relay by the whole
 * interrupted chunk.
 */
export async function flakyRelay(
  target: URL,
  cutAfter: number,
  opts: { beforeCut?: () => Promise<void> } = {},
): Promise<{ url: string; forwarded: () => number; cuts: () => number; close(): void }> {
  let forwarded = 0;
  let cuts = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    let cutting = false;
    client.on('data', (chunk: Buffer) => {
      if (cutting) return;
      forwarded += chunk.length;
      if (cuts === 0 && forwarded > cutAfter) {
        cuts++;
        cutting = true;
        client.pause();
        // The same teardown as a closed side's (end, below): both sockets destroyed.
        (opts.beforeCut?.() ?? Promise.resolve()).then(end, end);
        return;
      }
      if (!upstream.write(chunk)) client.pause();
    });
    upstream.on('drain', () => {
      if (!cutting) client.resume();
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  return { url: `http://127.0.0.1:${port}`, forwarded: () => forwarded, cuts: () => cuts, close: () => server.close() };
}
