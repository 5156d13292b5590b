import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StackContext } from '../context.ts';
import { sendJson } from '../http/io.ts';
import { errors } from './errors.ts';
import type { FileStore } from './file-store.ts';
import { readJson } from './json-body.ts';
import { inScope, type Requester } from './scope.ts';

// file_size_limit is a bigint the server sends as a JSON number.
const BUCKET_COLUMNS =
  'id, name, owner, public, file_size_limit::float8 as file_size_limit, allowed_mime_types, created_at, updated_at, type';

/** Bucket names the Storage server accepts (its VALID_BUCKET_NAME), under 101 characters. */
export function validBucketName(name: unknown): name is string {
  return typeof name === 'string' && name.length > 0 && name.length < 101 && /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/.test(name);
}

/** "2MB", "1.5GB", "30KB", "3B" or a number of bytes, as the server's parseFileSizeToBytes reads it. */
export function fileSizeLimit(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return Math.floor(value);
  const m = typeof value === 'string' ? /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(value) : null;
  if (!m) throw errors.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
  const n = Number(Number.parseFloat(m[1]!).toPrecision(3));
  const unit = { gb: 1e9, mb: 1e6, kb: 1e3, b: 1 }[m[2]!.toLowerCase() as 'gb' | 'mb' | 'kb' | 'b'];
  return Math.floor(n * unit);
}

function mimeTypes(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw errors.invalidRequest('body/allowed_mime_types must be array');
  }
  return value as string[];
}

export async function handleBucket(
  ctx: StackContext,
  files: FileStore,
  maxFileSize: number,
  who: Requester,
  req: IncomingMessage,
  res: ServerResponse,
  parts: string[],
): Promise<void> {
  const method = req.method ?? 'GET';
  const info = (operation: string) => ({ method, path: req.url ?? '', operation });
  const [id, action] = parts.map((p) => decodeURIComponent(p));
  if (method === 'GET' && id === undefined) {
    const rows = await inScope(ctx, who, info('storage.bucket.list'), (tx) =>
      tx.query(`select ${BUCKET_COLUMNS} from storage.buckets order by name`),
    );
    return sendJson(res, 200, rows.rows);
  }
  if (method === 'POST' && id === undefined) {
    const body = await readJson(req, ctx.config.maxBodyBytes);
    const name = body.name;
    const bucketId = body.id ?? name;
    if (!validBucketName(name) || !validBucketName(bucketId)) throw errors.invalidBucketName();
    const limit = fileSizeLimit(body.file_size_limit);
    if (limit !== null && limit > maxFileSize) {
      throw errors.invalidRequest(`file_size_limit must be less than or equal to ${maxFileSize} bytes`);
    }
    await inScope(ctx, who, info('storage.bucket.create'), (tx) =>
      tx.query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [bucketId, name, who.owner ?? null, who.owner ?? null, body.public === true, limit, mimeTypes(body.allowed_mime_types)],
      ),
    );
    return sendJson(res, 200, { name: bucketId });
  }
  if (id === undefined) throw errors.notFoundRoute(method, req.url ?? '');
  if (method === 'GET' && action === undefined) {
    const rows = await inScope(ctx, who, info('storage.bucket.get'), (tx) =>
      tx.query(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]),
    );
    if (!rows.rows[0]) throw errors.noSuchBucket();
    return sendJson(res, 200, rows.rows[0]);
  }
  if (method === 'PUT' && action === undefined) {
    const body = await readJson(req, ctx.config.maxBodyBytes);
    const limit = fileSizeLimit(body.file_size_limit);
    if (limit !== null && limit > maxFileSize) {
      throw errors.invalidRequest(`file_size_limit must be less than or equal to ${maxFileSize} bytes`);
    }
    const sets: string[] = [];
    const values: unknown[] = [id];
    if ('public' in body) sets.push(`public = $${values.push(body.public === true)}`);
    if ('file_size_limit' in body) sets.push(`file_size_limit = $${values.push(limit)}`);
    if ('allowed_mime_types' in body) sets.push(`allowed_mime_types = $${values.push(mimeTypes(body.allowed_mime_types))}`);
    sets.push('updated_at = now()');
    const rows = await inScope(ctx, who, info('storage.bucket.update'), (tx) =>
      tx.query(`update storage.buckets set ${sets.join(', ')} where id = $1 returning id`, values),
    );
    if (!rows.rows[0]) throw errors.noSuchBucket();
    return sendJson(res, 200, { message: 'Successfully updated' });
  }
  if (method === 'POST' && action === 'empty') {
    const versions = await inScope(ctx, who, info('storage.bucket.empty'), async (tx) => {
      const found = await tx.query(`select 1 from storage.buckets where id = $1`, [id]);
      if (!found.rows[0]) throw errors.noSuchBucket();
      const gone = await tx.query<{ version: string | null }>(
        `delete from storage.objects where bucket_id = $1 returning version`,
        [id],
      );
      return gone.rows.map((r) => r.version);
    });
    await Promise.all(versions.map((v) => files.remove(v)));
    return sendJson(res, 200, { message: 'Successfully emptied' });
  }
  if (method === 'DELETE' && action === undefined) {
    await inScope(ctx, who, info('storage.bucket.delete'), async (tx) => {
      const found = await tx.query(`select 1 from storage.buckets where id = $1`, [id]);
      if (!found.rows[0]) throw errors.noSuchBucket();
      // Counted as the server counts them, past RLS: a bucket with objects the caller cannot see is not empty.
      const left = await tx.query(`select 1 from storage.objects where bucket_id = $1 limit 1`, [id]);
      if (left.rows[0]) throw errors.bucketNotEmpty();
      await tx.query(`delete from storage.buckets where id = $1`, [id]);
    });
    return sendJson(res, 200, { message: 'Successfully deleted' });
  }
  throw errors.notFoundRoute(method, req.url ?? '');
}
