import { randomUUID } from 'node:crypto';
import { validBucketName } from './buckets.ts';
import { storageError } from './errors.ts';
import { mustBeValidKey } from './object-keys.ts';

/**
 * TUS's Upload-Metadata header: comma-separated `key base64value` pairs (a key alone has no value).
 * Supabase's clients send bucketName, objectName, contentType, cacheControl and metadata (JSON).
 */
export function parseUploadMetadata(value: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!value) return out;
  for (const pair of value.split(',')) {
    const [key, encoded, extra] = pair.trim().split(' ');
    if (!key || extra !== undefined || !/^[\x21-\x7e]+$/.test(key) || key in out) throw invalidMetadata();
    if (encoded !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) throw invalidMetadata();
    out[key] = encoded === undefined ? '' : Buffer.from(encoded, 'base64').toString('utf8');
  }
  return out;
}

function invalidMetadata() {
  return storageError(400, 'InvalidParameter', 'Invalid Upload-Metadata header');
}

/** The upload's id in its URL, as hosted makes it: base64url of `bucket/key/version`. */
export interface UploadId {
  bucket: string;
  key: string;
  version: string;
}

export function newUploadId(bucket: string, key: string): UploadId {
  return { bucket, key, version: randomUUID() };
}

export function encodeUploadId(id: UploadId): string {
  return Buffer.from(`${id.bucket}/${id.key}/${id.version}`, 'utf8').toString('base64url');
}

export function decodeUploadId(text: string): UploadId {
  const parts = /^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, 'base64url').toString('utf8').split('/') : [];
  const bucket = parts.shift();
  const version = parts.pop();
  const key = parts.join('/');
  if (!bucket || !version || !key || !/^[0-9a-f-]{36}$/.test(version) || !validBucketName(bucket)) {
    throw storageError(400, 'InvalidUploadId', 'Invalid upload id');
  }
  mustBeValidKey(key);
  return { bucket, key, version };
}
