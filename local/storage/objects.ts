import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { StackContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { sendJson } from '../http/io.ts';
import { validBucketName } from './buckets.ts';
import { errors } from './errors.ts';
import type { FileStore } from './file-store.ts';
import { readJson } from './json-body.ts';
import { mustBeValidKey } from './object-keys.ts';
import { inScope, type Requester } from './scope.ts';
import { signDownload, signUpload, verifySigned } from './signed-urls.ts';
import { header, mimeAllowed, readUploadBody } from './upload-body.ts';

export interface ObjectContext {
  ctx: StackContext;
  files: FileStore;
  /** The server's global upload limit (FILE_SIZE_LIMIT); a bucket's own limit can only lower it. */
  maxFileSize: number;
}

export interface BucketRow {
  id: string;
  public: boolean;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
}

interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  version: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
}

const OBJECT_COLUMNS = 'id, name, bucket_id, version, metadata, user_metadata, created_at, updated_at';

export function info(req: IncomingMessage, operation: string) {
  return { method: req.method ?? 'GET', path: (req.url ?? '').split('?')[0]!, operation };
}

function checkBucketName(bucket: string): void {
  if (!validBucketName(bucket)) throw errors.invalidBucketName();
}

/** The bucket, read as the server reads it for an upload or a public download: as itself, past RLS. */
export async function findBucket(o: ObjectContext, req: IncomingMessage, bucket: string): Promise<BucketRow> {
  const rows = await inScope(o.ctx, undefined, info(req, 'storage.bucket.find'), (tx) =>
    tx.query<BucketRow>('select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1', [bucket]),
  );
  if (!rows.rows[0]) throw errors.noSuchBucket();
  return rows.rows[0];
}

async function findObject(tx: Queryable, bucket: string, key: string): Promise<ObjectRow | undefined> {
  const rows = await tx.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, key],
  );
  return rows.rows[0];
}

/**
 * Upload (POST, or PUT which always replaces; POST replaces with `x-upsert: true`), as the server's
 * Uploader does it: bucket limits, then the caller's right to insert (or upsert) tested through RLS and
 * rolled back, then the bytes (to disk, atomically), then the row written as the server itself, the
 * replaced version's file removed after commit.
 */
export async function upload(
  o: ObjectContext,
  req: IncomingMessage,
  res: ServerResponse,
  bucket: string,
  key: string,
  who: Requester | undefined,
  opts: { upsert: boolean; owner: string | undefined; signed?: boolean },
): Promise<void> {
  checkBucketName(bucket);
  mustBeValidKey(key);
  const row = await findBucket(o, req, bucket);
  const bucketLimit = row.file_size_limit === null ? undefined : Number(row.file_size_limit);
  const limit = Math.min(o.maxFileSize, bucketLimit ?? Number.POSITIVE_INFINITY);
  const declared = Number(header(req, 'content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit && !isMultipart(req)) throw closing(res, errors.entityTooLarge());
  const body = await readUploadBody(req);
  if (!mimeAllowed(row.allowed_mime_types, body.mimeType)) throw closing(res, errors.invalidMimeType(body.mimeType));
  const metadata = { mimetype: body.mimeType, contentLength: Number.isFinite(declared) ? declared : 0 };
  if (who) {
    await inScope(
      o.ctx,
      who,
      info(req, 'storage.object.upload'),
      (tx) => writeRow(tx, { bucket, key, owner: opts.owner, version: '1', metadata, userMetadata: body.userMetadata, upsert: opts.upsert }),
      { rollback: true },
    );
  }
  const written = await o.files.write(body.stream, limit).catch((e: unknown) => {
    // A client that went away mid-upload is not a server fault (nothing was kept: FileStore.write).
    if (req.destroyed || req.readableAborted) throw errors.invalidRequest('Request aborted');
    throw e;
  });
  if ('tooLarge' in written) throw closing(res, errors.entityTooLarge());
  const objectMetadata = {
    eTag: `"${written.md5}"`,
    size: written.size,
    mimetype: body.mimeType,
    cacheControl: body.cacheControl,
    lastModified: new Date().toUTCString(),
    contentLength: written.size,
    httpStatusCode: 200,
  };
  let replaced: string | null = null;
  let id: string;
  try {
    id = await inScope(o.ctx, undefined, info(req, 'storage.object.upload'), async (tx) => {
      const current = await tx.query<{ version: string | null }>(
        'select version from storage.objects where bucket_id = $1 and name = $2 for update',
        [bucket, key],
      );
      replaced = current.rows[0]?.version ?? null;
      if (current.rows[0] && !opts.upsert) throw errors.duplicate();
      // The server stores `{}` when the upload carried no metadata (info() reads it back as such).
      return writeRow(tx, { bucket, key, owner: opts.owner, version: written.version, metadata: objectMetadata, userMetadata: body.userMetadata ?? {}, upsert: true });
    });
  } catch (e) {
    await o.files.remove(written.version);
    throw e;
  }
  await o.files.remove(replaced);
  sendJson(res, 200, { Id: id, Key: `${bucket}/${key}` });
}

function isMultipart(req: IncomingMessage): boolean {
  return (header(req, 'content-type') ?? '').toLowerCase().startsWith('multipart/');
}

/** An error sent before the body was read: the rest of the body is not waited for. */
function closing(res: ServerResponse, e: Error): Error {
  res.setHeader('Connection', 'close');
  return e;
}

export async function writeRow(
  tx: Queryable,
  r: { bucket: string; key: string; owner: string | undefined; version: string; metadata: object; userMetadata: object | undefined; upsert: boolean },
): Promise<string> {
  const values = [r.bucket, r.key, r.owner ?? null, r.owner ?? null, JSON.stringify(r.metadata), r.userMetadata ? JSON.stringify(r.userMetadata) : null, r.version];
  const insert = `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
    values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)`;
  const sql = r.upsert
    ? `${insert} on conflict (name, bucket_id) do update set owner = excluded.owner, owner_id = excluded.owner_id,
        metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version, updated_at = now()
        returning id`
    : `${insert} returning id`;
  const rows = await tx.query<{ id: string }>(sql, values);
  return rows.rows[0]!.id;
}

/** GET/HEAD of an object's bytes: authenticated (RLS), public (the bucket must be public) or signed. */
export async function download(
  o: ObjectContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  bucket: string,
  key: string,
  access: { kind: 'authenticated'; who: Requester } | { kind: 'public' } | { kind: 'signed' },
  asInfo = false,
): Promise<void> {
  checkBucketName(bucket);
  mustBeValidKey(key);
  let object: ObjectRow | undefined;
  if (access.kind === 'authenticated') {
    object = await inScope(o.ctx, access.who, info(req, 'storage.object.get'), (tx) => findObject(tx, bucket, key));
  } else {
    if (access.kind === 'public') {
      const row = await findBucket(o, req, bucket);
      if (!row.public) throw errors.noSuchBucket();
    } else {
      verifySigned(o.ctx.config.jwtSecret, url.searchParams.get('token'), `${bucket}/${key}`);
    }
    object = await inScope(o.ctx, undefined, info(req, 'storage.object.get'), (tx) => findObject(tx, bucket, key));
  }
  if (!object?.version) throw errors.noSuchKey();
  const meta = object.metadata ?? {};
  const size = (await o.files.size(object.version)) ?? Number(meta.size ?? 0);
  if (asInfo) {
    return sendJson(
      res,
      200,
      {
        id: object.id,
        name: object.name,
        version: object.version,
        bucket_id: object.bucket_id,
        size: meta.size ?? null,
        content_type: meta.mimetype ?? null,
        cache_control: meta.cacheControl ?? null,
        etag: meta.eTag ?? null,
        metadata: object.user_metadata,
        last_modified: object.updated_at,
        created_at: object.created_at,
      },
      { ETag: String(meta.eTag ?? '') },
    );
  }
  const headers: Record<string, string> = {
    'Accept-Ranges': 'bytes',
    'Content-Type': String(meta.mimetype ?? 'application/octet-stream'),
    'Cache-Control': String(meta.cacheControl ?? 'no-cache'),
    ETag: String(meta.eTag ?? ''),
    'Last-Modified': String(meta.lastModified ?? new Date(object.updated_at).toUTCString()),
  };
  const download = url.searchParams.get('download');
  if (download !== null) {
    headers['Content-Disposition'] = download
      ? `attachment; filename=${encodeURIComponent(download)}; filename*=UTF-8''${encodeURIComponent(download)}`
      : 'attachment;';
  }
  const etag = headers.ETag;
  if (etag && header(req, 'if-none-match') === etag) {
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    res.writeHead(304);
    res.end();
    return;
  }
  const range = parseRange(header(req, 'range'), size);
  if (range === 'invalid') {
    res.setHeader('Content-Range', `bytes */${size}`);
    throw errors.invalidRange();
  }
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  if (range) {
    res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    res.setHeader('Content-Length', String(range.end - range.start + 1));
    res.writeHead(206);
  } else {
    res.setHeader('Content-Length', String(size));
    res.writeHead(200);
  }
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await pipeline(o.files.read(object.version, range ?? undefined), res).catch(() => res.destroy());
}

/** One `bytes=` range (first-last, first- or -suffix); several ranges are answered whole, as S3 does. */
export function parseRange(value: string | undefined, size: number): { start: number; end: number } | undefined | 'invalid' {
  if (!value) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(value.trim());
  if (!m) return value.includes(',') ? undefined : 'invalid';
  const [, a, b] = m;
  if (a === '' && b === '') return 'invalid';
  let start: number;
  let end: number;
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(a);
    end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  }
  if (start >= size || start > end) return 'invalid';
  return { start, end };
}

export async function createSignedUrl(o: ObjectContext, req: IncomingMessage, res: ServerResponse, who: Requester, bucket: string, key: string): Promise<void> {
  checkBucketName(bucket);
  mustBeValidKey(key);
  const body = await readJson(req, o.ctx.config.maxBodyBytes);
  const expiresIn = expiry(body.expiresIn);
  const found = await inScope(o.ctx, who, info(req, 'storage.object.sign'), (tx) => findObject(tx, bucket, key));
  if (!found) throw errors.noSuchKey();
  const token = signDownload(o.ctx.config.jwtSecret, `${bucket}/${key}`, expiresIn);
  sendJson(res, 200, { signedURL: `/object/sign/${bucket}/${key}?token=${token}` });
}

export async function createSignedUrls(o: ObjectContext, req: IncomingMessage, res: ServerResponse, who: Requester, bucket: string): Promise<void> {
  checkBucketName(bucket);
  const body = await readJson(req, o.ctx.config.maxBodyBytes);
  const expiresIn = expiry(body.expiresIn);
  if (!Array.isArray(body.paths) || !body.paths.every((p) => typeof p === 'string')) throw errors.invalidRequest('body/paths must be array');
  const paths = body.paths as string[];
  const visible = await inScope(o.ctx, who, info(req, 'storage.object.sign_many'), (tx) =>
    tx.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [bucket, paths]),
  );
  const names = new Set(visible.rows.map((r) => r.name));
  sendJson(
    res,
    200,
    paths.map((path) =>
      names.has(path)
        ? { error: null, path, signedURL: `/object/sign/${bucket}/${path}?token=${signDownload(o.ctx.config.jwtSecret, `${bucket}/${path}`, expiresIn)}` }
        : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
    ),
  );
}

function expiry(value: unknown): number {
  const n = Number(value);
  if (value === undefined || !Number.isInteger(n) || n < 1) throw errors.invalidRequest('body/expiresIn must be >= 1');
  return n;
}

/** A signed upload URL: the caller's right to create the object is tested now, as the server tests it. */
export async function createSignedUploadUrl(o: ObjectContext, req: IncomingMessage, res: ServerResponse, who: Requester, bucket: string, key: string): Promise<void> {
  checkBucketName(bucket);
  mustBeValidKey(key);
  const upsert = header(req, 'x-upsert') === 'true';
  await findBucket(o, req, bucket);
  await inScope(
    o.ctx,
    who,
    info(req, 'storage.object.upload_sign'),
    (tx) => writeRow(tx, { bucket, key, owner: who.owner, version: '1', metadata: {}, userMetadata: undefined, upsert }),
    { rollback: true },
  );
  if (!upsert) {
    const exists = await inScope(o.ctx, undefined, info(req, 'storage.object.upload_sign'), (tx) => findObject(tx, bucket, key));
    if (exists) throw errors.duplicate();
  }
  const token = signUpload(o.ctx.config.jwtSecret, `${bucket}/${key}`, who.owner, upsert);
  sendJson(res, 200, { url: `/object/upload/sign/${bucket}/${key}?token=${token}`, token });
}

export async function uploadToSignedUrl(o: ObjectContext, req: IncomingMessage, res: ServerResponse, url: URL, bucket: string, key: string): Promise<void> {
  checkBucketName(bucket);
  mustBeValidKey(key);
  const claims = verifySigned(o.ctx.config.jwtSecret, url.searchParams.get('token'), `${bucket}/${key}`);
  await upload(o, req, res, bucket, key, undefined, { upsert: claims.upsert === true, owner: claims.owner, signed: true });
}

export async function list(o: ObjectContext, req: IncomingMessage, res: ServerResponse, who: Requester, bucket: string): Promise<void> {
  checkBucketName(bucket);
  const body = await readJson(req, o.ctx.config.maxBodyBytes);
  if (typeof body.prefix !== 'string') throw errors.invalidRequest('body must have required property \'prefix\'');
  let prefix = body.prefix;
  if (prefix.length > 0 && !prefix.endsWith('/')) prefix = `${prefix}/`;
  const sortBy = (body.sortBy ?? {}) as { column?: string; order?: string };
  const column = sortBy.column ?? 'name';
  if (!['name', 'updated_at', 'created_at', 'last_accessed_at'].includes(column)) throw errors.invalidRequest('body/sortBy/column must be equal to one of the allowed values');
  const order = (sortBy.order ?? 'asc').toLowerCase();
  if (order !== 'asc' && order !== 'desc') throw errors.invalidRequest('body/sortBy/order must be equal to one of the allowed values');
  const escape = (s: string) => (column !== 'name' ? s.replace(/[\\%_]/g, '\\$&') : s);
  const search = typeof body.search === 'string' ? body.search : '';
  const safePrefix = escape(prefix);
  const safeSearch = escape(search);
  const limit = Number(body.limit ?? 100) || 100;
  const offset = Number(body.offset ?? 0) || 0;
  const rows = await inScope(o.ctx, who, info(req, 'storage.object.list'), (tx) =>
    tx.query('select * from storage.search($1, $2, $3, $4, $5, $6, $7, $8)', [
      safePrefix,
      bucket,
      limit,
      (safePrefix + safeSearch).split('/').length,
      offset,
      safeSearch,
      column,
      order,
    ]),
  );
  sendJson(res, 200, rows.rows);
}

export async function removeOne(o: ObjectContext, req: IncomingMessage, res: ServerResponse, who: Requester, bucket: string, key: string): Promise<void> {
  checkBucketName(bucket);
  mustBeValidKey(key);
  const gone = await inScope(o.ctx, who, info(req, 'storage.object.delete'), (tx) =>
    tx.query<{ version: string | null }>('delete from storage.objects where bucket_id = $1 and name = $2 returning version', [bucket, key]),
  );
  if (!gone.rows[0]) throw errors.noSuchKey();
  await o.files.remove(gone.rows[0].version);
  sendJson(res, 200, { message: 'Successfully deleted' });
}

export async function removeMany(o: ObjectContext, req: IncomingMessage, res: ServerResponse, who: Requester, bucket: string): Promise<void> {
  checkBucketName(bucket);
  const body = await readJson(req, o.ctx.config.maxBodyBytes);
  const prefixes = body.prefixes;
  if (!Array.isArray(prefixes) || !prefixes.every((p) => typeof p === 'string') || prefixes.length < 1) {
    throw errors.invalidRequest('body/prefixes must NOT have fewer than 1 items');
  }
  if (prefixes.length > 1000) throw errors.invalidRequest('body/prefixes must NOT have more than 1000 items');
  const gone = await inScope(o.ctx, who, info(req, 'storage.object.delete_many'), (tx) =>
    tx.query<ObjectRow & { owner: string | null; last_accessed_at: string }>(
      'delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *',
      [bucket, prefixes],
    ),
  );
  await Promise.all(gone.rows.map((r) => o.files.remove(r.version)));
  sendJson(
    res,
    200,
    gone.rows.map((r) => ({ ...r, path_tokens: undefined, version: r.version })),
  );
}

/** Move: the caller must see the source and be allowed to update it into its new name (RLS on both rows). */
export async function move(o: ObjectContext, req: IncomingMessage, res: ServerResponse, who: Requester): Promise<void> {
  const body = await readJson(req, o.ctx.config.maxBodyBytes);
  const { bucket, source, destBucket, dest } = moveArgs(body);
  if (bucket === destBucket && source === dest) return sendJson(res, 200, { message: 'Successfully moved' });
  await inScope(o.ctx, who, info(req, 'storage.object.move'), async (tx) => {
    const found = await findObject(tx, bucket, source);
    if (!found) throw errors.noSuchKey();
    const moved = await tx.query(
      `update storage.objects set bucket_id = $3, name = $4, owner = $5::uuid, owner_id = $5::text, updated_at = now()
       where bucket_id = $1 and name = $2 returning id`,
      [bucket, source, destBucket, dest, who.owner ?? null],
    );
    if (!moved.rows[0]) throw errors.noSuchKey();
  });
  sendJson(res, 200, { message: 'Successfully moved' });
}

export async function copy(o: ObjectContext, req: IncomingMessage, res: ServerResponse, who: Requester): Promise<void> {
  const body = await readJson(req, o.ctx.config.maxBodyBytes);
  const { bucket, source, destBucket, dest } = moveArgs(body);
  const upsert = header(req, 'x-upsert') === 'true';
  const found = await inScope(o.ctx, who, info(req, 'storage.object.copy'), (tx) => findObject(tx, bucket, source));
  if (!found?.version) throw errors.noSuchKey();
  const target = await findBucket(o, req, destBucket);
  const meta = found.metadata ?? {};
  if (!mimeAllowed(target.allowed_mime_types, String(meta.mimetype ?? ''))) throw errors.invalidMimeType(String(meta.mimetype ?? ''));
  await inScope(
    o.ctx,
    who,
    info(req, 'storage.object.copy'),
    (tx) => writeRow(tx, { bucket: destBucket, key: dest, owner: who.owner, version: '1', metadata: meta, userMetadata: found.user_metadata ?? undefined, upsert }),
    { rollback: true },
  );
  const version = await o.files.copy(found.version);
  let replaced: string | null = null;
  let id: string;
  try {
    id = await inScope(o.ctx, undefined, info(req, 'storage.object.copy'), async (tx) => {
      const current = await tx.query<{ version: string | null }>(
        'select version from storage.objects where bucket_id = $1 and name = $2 for update',
        [destBucket, dest],
      );
      replaced = current.rows[0]?.version ?? null;
      if (current.rows[0] && !upsert) throw errors.duplicate();
      return writeRow(tx, { bucket: destBucket, key: dest, owner: who.owner, version, metadata: { ...meta, lastModified: new Date().toUTCString() }, userMetadata: found.user_metadata ?? undefined, upsert: true });
    });
  } catch (e) {
    await o.files.remove(version);
    throw e;
  }
  await o.files.remove(replaced);
  sendJson(res, 200, { Id: id, Key: `${destBucket}/${dest}` });
}

function moveArgs(body: Record<string, unknown>): { bucket: string; source: string; destBucket: string; dest: string } {
  for (const k of ['bucketId', 'sourceKey', 'destinationKey']) {
    if (typeof body[k] !== 'string') throw errors.invalidRequest(`body must have required property '${k}'`);
  }
  const bucket = body.bucketId as string;
  const destBucket = typeof body.destinationBucket === 'string' && body.destinationBucket ? body.destinationBucket : bucket;
  checkBucketName(bucket);
  checkBucketName(destBucket);
  return { bucket, source: mustBeValidKey(body.sourceKey as string), destBucket, dest: mustBeValidKey(body.destinationKey as string) };
}
