import { contentKind, contentMatchesType, SIGNATURE_BYTES } from '../_shared/file-signature.ts';
import type { FunctionEnv } from '../_shared/function-env.ts';
import { HttpError, invalid } from '../_shared/http-error.ts';
import { asObject } from '../_shared/parse-input.ts';
import { callRpc } from '../_shared/rpc.ts';
import { type HandlerContext, jsonHandler, type Reply } from '../_shared/json-handler.ts';
import { serviceRoleClientBypassingRls } from '../_shared/service-role-client-bypasses-rls.ts';
import { userClient } from '../_shared/user-client.ts';

/** The buckets of the app (supabase/migrations/20250128000000_storage_buckets_and_policies.sql). */
const BUCKETS = ['avatars', 'logos', 'portfolio', 'drafts', 'briefs'] as const;

/** What people call each kind, for the refusal's message. */
const KIND_NAMES: Record<string, string> = {
  jpeg: 'a JPEG image', png: 'a PNG image', webp: 'a WebP image', pdf: 'a PDF document',
  'iso-media': 'an MP4 or QuickTime video', quicktime: 'a QuickTime video', webm: 'a WebM video',
};

/**
 * The `files-verify` edge function (verify_jwt = true), decision 0050:
 *   POST /files-verify {bucket, path} -> 200 {bucket, path, mime, verified: true}
 * The caller must be able to read the object (its own Storage RLS decides, through `info`). Its first
 * bytes, read with the service role, must be what its stored type says: then the check is recorded
 * (api.record_file_check) and `app.file_verified` holds for this version of the object. Otherwise the
 * object is removed and the answer is 422 file_content_mismatch. Other errors: 400 (bad body), 401,
 * 404 file_not_found (missing or not readable by the caller), 400 file_changed (replaced meanwhile),
 * 422 file_type_unchecked (a type no signature is known for).
 */
export function createFilesVerifyHandler(env: FunctionEnv, log: (line: string) => void = console.error) {
  return jsonHandler((_req, ctx) => verify(ctx, env, log), { name: 'files-verify', log });
}

async function verify(ctx: HandlerContext, env: FunctionEnv, log: (line: string) => void): Promise<Reply> {
  if (ctx.path !== '/files-verify') throw new HttpError(404, 'Not found', 'not_found');
  if (ctx.req.method !== 'POST') throw new HttpError(405, 'Method not allowed', 'method_not_allowed');
  const token = ctx.requireBearer();
  const { bucket, path } = parseTarget(await ctx.json());

  const { data: info, error } = await userClient(env, token, ctx.forwardedFor).storage.from(bucket).info(path);
  if (error || !info) throw new HttpError(404, 'No such file, or you may not read it', 'file_not_found');
  const declared = String(info.contentType ?? '');
  const version = (info as { version?: string | null }).version ?? null;

  const head = await firstBytes(env, bucket, path);
  const matches = contentMatchesType(head, declared);
  if (matches === undefined) throw new HttpError(422, `Files of type ${declared || 'unknown'} cannot be checked`, 'file_type_unchecked');
  const service = serviceRoleClientBypassingRls(env);
  if (!matches) {
    const { error: removeError } = await service.storage.from(bucket).remove([path]);
    if (removeError) log(`files-verify: removing ${bucket}/${path}: ${removeError.message}`);
    const found = contentKind(head);
    const what = found ? KIND_NAMES[found] : 'none of the types this site accepts';
    throw new HttpError(422, `The file was declared ${declared} but its content is ${what}; it was removed`, 'file_content_mismatch');
  }
  await callRpc(service, 'record_file_check', { bucket, name: path, mime: declared, version });
  return { status: 200, body: { bucket, path, mime: declared, verified: true } };
}

function parseTarget(body: unknown): { bucket: (typeof BUCKETS)[number]; path: string } {
  const { bucket, path } = asObject(body);
  if (typeof bucket !== 'string' || !(BUCKETS as readonly string[]).includes(bucket)) throw invalid('bucket', `bucket must be one of ${BUCKETS.join(', ')}`);
  // The same refusals as Storage's own key rules: no control characters, no . or .. segments.
  if (typeof path !== 'string' || path.length === 0 || path.length > 1024 || /[\u0000-\u001f\u007f]/.test(path) || path.split('/').some((s) => s === '' || s === '.' || s === '..')) {
    throw invalid('path', 'path must be an object key inside the bucket');
  }
  return { bucket: bucket as (typeof BUCKETS)[number], path };
}

/** The object's first bytes, read with the service role (a Range request: a 1 GB video is not downloaded). */
async function firstBytes(env: FunctionEnv, bucket: string, path: string): Promise<Uint8Array> {
  const key = path.split('/').map(encodeURIComponent).join('/');
  const res = await fetch(`${env.supabaseUrl}/storage/v1/object/authenticated/${bucket}/${key}`, {
    headers: { Authorization: `Bearer ${env.serviceRoleKey}`, apikey: env.serviceRoleKey, Range: `bytes=0-${SIGNATURE_BYTES - 1}` },
  });
  if (res.status === 404 || res.status === 400) {
    await res.body?.cancel();
    throw new HttpError(404, 'No such file, or you may not read it', 'file_not_found');
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new HttpError(502, 'Storage did not answer', 'upstream_failed').withInternalDetail(`GET ${bucket}/${path}: ${res.status}`);
  }
  // A server that ignores Range sends the whole file: read only what the check needs.
  const reader = res.body!.getReader();
  const head = new Uint8Array(SIGNATURE_BYTES);
  let filled = 0;
  while (filled < SIGNATURE_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    const take = value.subarray(0, SIGNATURE_BYTES - filled);
    head.set(take, filled);
    filled += take.length;
  }
  await reader.cancel();
  return head.subarray(0, filled);
}
