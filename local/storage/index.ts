import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { HttpService, StackContext } from '../context.ts';
import { handleBucket } from './buckets.ts';
import { errors } from './errors.ts';
import { FileStore } from './file-store.ts';
import { decodeKey } from './object-keys.ts';
import * as objects from './objects.ts';
import { handleResumable, type ResumableContext } from './resumable.ts';
import { ResumableStore } from './resumable-store.ts';
import { requester } from './scope.ts';
import { UploadLocks } from './upload-locks.ts';
import { storageSettings } from './settings.ts';

/**
 * Supabase Storage's HTTP API at /storage/v1, as @supabase/storage-js calls it (docs/decisions/0042):
 * buckets, uploads, downloads (authenticated, public, signed, with Range), signed upload URLs, list,
 * move, copy, remove, info; resumable uploads over TUS (docs/decisions/0045). Object access is decided by RLS on storage.objects under the request's role
 * and claims, as the Storage server decides it; bytes live under the data directory's `storage/`.
 */
export function createStorageService(ctx: StackContext): HttpService & { files: FileStore; ready: Promise<unknown> } {
  const settings = storageSettings(ctx.config);
  const files = new FileStore(settings.dir);
  const uploads = new ResumableStore(settings.dir);
  const opened = Promise.all([files.open(), uploads.open()]);
  const o: ResumableContext = { ctx, files, maxFileSize: settings.fileSizeLimit, uploads, locks: new UploadLocks() };
  const secret = ctx.config.jwtSecret;
  return {
    files,
    ready: opened,
    async close() {
      // A stack under vitest had a directory of its own (local/config.ts): it goes with the stack.
      if (path.basename(settings.dir).startsWith('local-storage-') && settings.dir.startsWith(tmpdir())) {
        await rm(settings.dir, { recursive: true, force: true });
      }
    },
    async handle(req, res, subpath, url) {
      await opened;
      const method = req.method ?? 'GET';
      const parts = subpath.split('/').slice(1);
      if (parts.at(-1) === '' && parts.length > 1) parts.pop();
      const [area, ...rest] = parts;
      if (area === 'bucket') return handleBucket(ctx, files, o.maxFileSize, requester(req, secret), req, res, rest);
      if (area === 'upload' && rest[0] === 'resumable') return handleResumable(o, req, res, rest.slice(1));
      if (area !== 'object') throw errors.notFoundRoute(method, url.pathname);
      const [first, second, ...tail] = rest;
      const isRead = method === 'GET' || method === 'HEAD';
      // Routes without the caller's token first: public objects and signed URLs carry their own right.
      if (first === 'public' && isRead && second) return objects.download(o, req, res, url, second, decodeKey(tail), { kind: 'public' });
      if (first === 'sign' && isRead && second) return objects.download(o, req, res, url, second, decodeKey(tail), { kind: 'signed' });
      if (first === 'upload' && second === 'sign' && method === 'PUT' && tail[0]) {
        return objects.uploadToSignedUrl(o, req, res, url, decodeURIComponent(tail[0]), decodeKey(tail.slice(1)));
      }
      if (first === 'info' && method === 'GET' && second === 'public' && tail[0]) {
        return objects.download(o, req, res, url, decodeURIComponent(tail[0]), decodeKey(tail.slice(1)), { kind: 'public' }, true);
      }
      const who = requester(req, secret);
      if (method === 'POST' && first === 'list' && second) return objects.list(o, req, res, who, decodeURIComponent(second));
      if (method === 'POST' && first === 'move' && !second) return objects.move(o, req, res, who);
      if (method === 'POST' && first === 'copy' && !second) return objects.copy(o, req, res, who);
      if (method === 'POST' && first === 'sign' && second) {
        if (!tail.length) return objects.createSignedUrls(o, req, res, who, decodeURIComponent(second));
        return objects.createSignedUrl(o, req, res, who, decodeURIComponent(second), decodeKey(tail));
      }
      if (method === 'POST' && first === 'upload' && second === 'sign' && tail[0]) {
        return objects.createSignedUploadUrl(o, req, res, who, decodeURIComponent(tail[0]), decodeKey(tail.slice(1)));
      }
      if (method === 'GET' && first === 'info') {
        const [b, ...k] = second === 'authenticated' ? tail : [second, ...tail];
        if (b) return objects.download(o, req, res, url, decodeURIComponent(b), decodeKey(k as string[]), { kind: 'authenticated', who }, true);
      }
      if (isRead && first === 'authenticated' && second) {
        return objects.download(o, req, res, url, decodeURIComponent(second), decodeKey(tail), { kind: 'authenticated', who });
      }
      if (!first) throw errors.notFoundRoute(method, url.pathname);
      const bucket = decodeURIComponent(first);
      const key = second === undefined ? undefined : decodeKey([second, ...tail]);
      if (method === 'DELETE' && key === undefined) return objects.removeMany(o, req, res, who, bucket);
      if (key === undefined) throw errors.notFoundRoute(method, url.pathname);
      if (isRead) return objects.download(o, req, res, url, bucket, key, { kind: 'authenticated', who });
      if (method === 'POST') {
        return objects.upload(o, req, res, bucket, key, who, { upsert: req.headers['x-upsert'] === 'true', owner: who.owner });
      }
      if (method === 'PUT') return objects.upload(o, req, res, bucket, key, who, { upsert: true, owner: who.owner });
      if (method === 'DELETE') return objects.removeOne(o, req, res, who, bucket, key);
      throw errors.notFoundRoute(method, url.pathname);
    },
  };
}
