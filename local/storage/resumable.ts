import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from '../http/http-error.ts';
import { validBucketName } from './buckets.ts';
import { errors, storageError } from './errors.ts';
import { mustBeValidKey } from './object-keys.ts';
import { findBucket, info, type ObjectContext, writeRow } from './objects.ts';
import type { ResumableStore, UploadState } from './resumable-store.ts';
import { inScope, type Requester, requester } from './scope.ts';
import { decodeUploadId, encodeUploadId, newUploadId, parseUploadMetadata, type UploadId } from './tus-metadata.ts';
import type { UploadLocks } from './upload-locks.ts';
import { header, mimeAllowed } from './upload-body.ts';

export interface ResumableContext extends ObjectContext {
  uploads: ResumableStore;
  locks: UploadLocks;
}

const TUS_VERSION = '1.0.0';
const EXTENSIONS = 'creation,creation-with-upload,termination';
const EXPOSED = 'Location, Upload-Offset, Upload-Length, Upload-Metadata, Tus-Resumable, Tus-Version, Tus-Extension, Tus-Max-Size';
const PATCH_TYPE = 'application/offset+octet-stream';

/**
 * Resumable uploads over TUS 1.0.0 at /storage/v1/upload/resumable, as the Storage server serves them
 * (its routes/tus, on @tus/server): POST creates (bucketName, objectName, contentType, cacheControl,
 * metadata in Upload-Metadata; size, MIME type and the caller's right to insert or upsert checked
 * before a byte is sent), HEAD tells the offset, PATCH appends at it, DELETE terminates an unfinished
 * upload. State and bytes live on disk (ResumableStore), so an upload resumes after the connection or
 * the process dies; the object exists only once the last byte is in. Errors are the server's: the
 * real status with the message as text.
 */
export async function handleResumable(
  o: ResumableContext,
  req: IncomingMessage,
  res: ServerResponse,
  rest: string[],
): Promise<void> {
  res.setHeader('Tus-Resumable', TUS_VERSION);
  res.setHeader('Access-Control-Expose-Headers', `${String(res.getHeader('Access-Control-Expose-Headers') ?? '')}, ${EXPOSED}`);
  try {
    await route(o, req, res, rest);
  } catch (e) {
    // Refused before its body was read: the rest of the body is not waited for.
    if (!req.complete) res.setHeader('Connection', 'close');
    throw asTusError(e);
  }
}

async function route(o: ResumableContext, req: IncomingMessage, res: ServerResponse, rest: string[]): Promise<void> {
  const method = req.method ?? 'GET';
  if (rest.length > 1) throw errors.notFoundRoute(method, req.url ?? '');
  if (method === 'OPTIONS') {
    res.writeHead(204, { 'Tus-Version': TUS_VERSION, 'Tus-Extension': EXTENSIONS, 'Tus-Max-Size': String(o.maxFileSize) });
    res.end();
    return;
  }
  if (header(req, 'tus-resumable') !== TUS_VERSION) {
    throw new HttpError(412, 'Unsupported version', { 'Tus-Version': TUS_VERSION });
  }
  const who = requester(req, o.ctx.config.jwtSecret);
  if (rest.length === 0) {
    if (method === 'POST') return create(o, req, res, who);
    throw errors.notFoundRoute(method, req.url ?? '');
  }
  const id = decodeUploadId(rest[0]!);
  const release = await o.locks.acquire(id.version, () => req.destroy());
  try {
    const state = await o.uploads.load(id.version);
    if (!state || state.bucket !== id.bucket || state.key !== id.key) {
      throw storageError(404, 'NotFound', 'The file for this url was not found', { httpStatus: 404 });
    }
    if (method === 'HEAD') {
      res.writeHead(200, {
        'Upload-Offset': String(await o.uploads.offset(state)),
        'Upload-Length': String(state.length),
        'Upload-Metadata': state.rawMetadata,
        'Cache-Control': 'no-store',
      });
      res.end();
      return;
    }
    if (method === 'PATCH') return await patch(o, req, res, who, state);
    if (method === 'DELETE') {
      if (state.done) throw storageError(400, 'InvalidRequest', 'Cannot terminate an already completed upload');
      await mayUpload(o, req, who, state);
      await o.uploads.remove(state.version);
      res.writeHead(204);
      res.end();
      return;
    }
    throw errors.notFoundRoute(method, req.url ?? '');
  } finally {
    release();
  }
}

async function create(o: ResumableContext, req: IncomingMessage, res: ServerResponse, who: Requester): Promise<void> {
  const lengthHeader = header(req, 'upload-length');
  if (lengthHeader === undefined) {
    // Upload-Defer-Length (creation-defer-length) is not offered: Supabase's clients always know the size.
    throw storageError(400, 'InvalidRequest', 'Upload-Length header required');
  }
  if (!/^\d{1,15}$/.test(lengthHeader)) throw storageError(400, 'InvalidRequest', 'Invalid Upload-Length header');
  const length = Number(lengthHeader);
  const meta = parseUploadMetadata(header(req, 'upload-metadata'));
  if (!meta.bucketName || !meta.objectName) {
    throw storageError(400, 'MetadataRequired', 'Metadata is required: bucketName and objectName');
  }
  if (!validBucketName(meta.bucketName)) throw errors.invalidBucketName();
  mustBeValidKey(meta.objectName);
  const bucket = await findBucket(o, req, meta.bucketName);
  const bucketLimit = bucket.file_size_limit === null ? undefined : Number(bucket.file_size_limit);
  if (length > Math.min(o.maxFileSize, bucketLimit || Number.POSITIVE_INFINITY)) {
    throw storageError(413, 'EntityTooLarge', 'Maximum size exceeded');
  }
  const contentType = meta.contentType || 'application/octet-stream';
  if (!mimeAllowed(bucket.allowed_mime_types, contentType)) throw errors.invalidMimeType(contentType);
  const id: UploadId = newUploadId(meta.bucketName, meta.objectName);
  const state: UploadState = {
    bucket: id.bucket,
    key: id.key,
    version: id.version,
    length,
    contentType,
    cacheControl: /^-?\d+$/.test(meta.cacheControl ?? '') ? `max-age=${meta.cacheControl}` : 'no-cache',
    userMetadata: meta.metadata || undefined,
    rawMetadata: header(req, 'upload-metadata') ?? '',
    createdAt: new Date().toISOString(),
  };
  await mayUpload(o, req, who, state);
  await o.uploads.create(state);
  const location = `${origin(req)}/storage/v1/upload/resumable/${encodeUploadId(id)}`;
  res.setHeader('Location', location);
  // creation-with-upload: the first bytes may come with the POST.
  if ((header(req, 'content-type') ?? '').toLowerCase() === PATCH_TYPE) {
    const release = await o.locks.acquire(id.version, () => req.destroy());
    try {
      const offset = await receive(o, req, who, state, 0);
      res.writeHead(201, { 'Upload-Offset': String(offset) });
    } finally {
      release();
    }
  } else {
    res.writeHead(201);
  }
  res.end();
}

async function patch(o: ResumableContext, req: IncomingMessage, res: ServerResponse, who: Requester, state: UploadState): Promise<void> {
  if ((header(req, 'content-type') ?? '').toLowerCase() !== PATCH_TYPE) {
    throw storageError(415, 'InvalidContentType', `Content-Type header must be ${PATCH_TYPE}`);
  }
  const offsetHeader = header(req, 'upload-offset');
  if (offsetHeader === undefined || !/^\d{1,15}$/.test(offsetHeader)) throw storageError(400, 'InvalidRequest', 'Invalid Upload-Offset header');
  await mayUpload(o, req, who, state);
  const current = await o.uploads.offset(state);
  if (Number(offsetHeader) !== current) throw storageError(409, 'InvalidRequest', 'Upload-Offset conflict');
  const offset = await receive(o, req, who, state, current);
  if (offset === state.length) res.setHeader('Tus-Complete', '1');
  res.writeHead(204, { 'Upload-Offset': String(offset) });
  res.end();
}

/** Appends the request's body, and makes the object once the last byte is in. Returns the new offset. */
async function receive(o: ResumableContext, req: IncomingMessage, who: Requester, state: UploadState, offset: number): Promise<number> {
  if (state.done) return state.length;
  const { tooLong } = await o.uploads.append(state.version, req, offset, state.length - offset).catch((e: unknown) => {
    // A client that went away keeps what reached the disk; it resumes from there.
    if (req.destroyed || req.readableAborted) throw errors.invalidRequest('Request aborted');
    throw e;
  });
  if (tooLong) throw storageError(413, 'EntityTooLarge', 'Upload-Length exceeded');
  const reached = await o.uploads.offset(state);
  if (reached === state.length) await complete(o, req, who, state);
  return reached;
}

/**
 * The part becomes an object version (renamed into place), then the row names it, written as the server
 * itself as the simple upload does; the replaced version's file goes after the commit.
 */
async function complete(o: ResumableContext, req: IncomingMessage, who: Requester, state: UploadState): Promise<void> {
  const md5 = await o.uploads.md5(state.version);
  await o.files.place(o.uploads.partPath(state.version), state.version);
  const upsert = header(req, 'x-upsert') === 'true';
  const metadata = {
    eTag: `"${md5}"`,
    size: state.length,
    mimetype: state.contentType,
    cacheControl: state.cacheControl,
    lastModified: new Date().toUTCString(),
    contentLength: state.length,
    httpStatusCode: 200,
  };
  let replaced: string | null = null;
  try {
    await inScope(o.ctx, undefined, info(req, 'storage.object.upload'), async (tx) => {
      const current = await tx.query<{ version: string | null }>(
        'select version from storage.objects where bucket_id = $1 and name = $2 for update',
        [state.bucket, state.key],
      );
      replaced = current.rows[0]?.version ?? null;
      if (current.rows[0] && !upsert) throw errors.duplicate();
      return writeRow(tx, {
        bucket: state.bucket,
        key: state.key,
        owner: who.owner,
        version: state.version,
        metadata,
        userMetadata: userMetadata(state) ?? {},
        upsert: true,
      });
    });
  } catch (e) {
    await o.files.remove(state.version);
    await o.uploads.remove(state.version);
    throw e;
  }
  await o.uploads.markDone(state);
  await o.files.remove(replaced);
}

/** The caller's right to create (or, with x-upsert, replace) the object, tested through RLS and rolled back. */
async function mayUpload(o: ResumableContext, req: IncomingMessage, who: Requester, state: UploadState): Promise<void> {
  await inScope(
    o.ctx,
    who,
    info(req, 'storage.object.upload'),
    (tx) =>
      writeRow(tx, {
        bucket: state.bucket,
        key: state.key,
        owner: who.owner,
        version: '1',
        metadata: { mimetype: state.contentType, contentLength: state.length },
        userMetadata: userMetadata(state),
        upsert: header(req, 'x-upsert') === 'true',
      }),
    { rollback: true },
  );
}

function userMetadata(state: UploadState): Record<string, unknown> | undefined {
  if (!state.userMetadata) return undefined;
  try {
    const v = JSON.parse(state.userMetadata) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    // Ignored as the server ignores it (it logs a warning).
    return undefined;
  }
}

/** Where the client reached us: a proxy's forwarded host and scheme, else the Host header. */
function origin(req: IncomingMessage): string {
  const host = header(req, 'x-forwarded-host') ?? header(req, 'host') ?? 'localhost';
  const proto = header(req, 'x-forwarded-proto') ?? 'http';
  return `${proto.split(',')[0]!.trim()}://${host.split(',')[0]!.trim()}`;
}

/** The Storage server's TUS error: its error's status code as the HTTP status, its message as the body. */
function asTusError(e: unknown): unknown {
  if (!(e instanceof HttpError) || typeof e.body !== 'object' || e.body === null) return e;
  const body = e.body as { statusCode?: string; message?: string };
  const status = Number(body.statusCode);
  if (!Number.isInteger(status) || status < 400 || status > 599) return e;
  return new HttpError(status, body.message ?? '', { ...e.headers, 'Content-Type': 'text/plain; charset=utf-8' });
}
