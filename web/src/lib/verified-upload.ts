import { FunctionError } from './function-error';
import { invokeFunction } from './invoke-function';
import { loadSupabase } from './supabase-loader';

/**
 * Why an upload was not kept, with the upload catalog's message (lib/upload-catalog.ts) for it (values: `{name}`, the file's name):
 * - content_mismatch: the bytes are not what the declared type says (files-verify removed the file);
 * - refused: Storage refused the type or the size (the bucket's rules, checked again on the server);
 * - failed: anything else (network, permission); the file, if it arrived, was removed again.
 */
export const UPLOAD_PROBLEM_MESSAGES = {
  content_mismatch: 'lib.upload.error.contentMismatch',
  refused: 'lib.upload.error.refused',
  failed: 'lib.upload.error.failed',
} as const;

export type UploadProblem = keyof typeof UPLOAD_PROBLEM_MESSAGES;

export class UploadRefused extends Error {
  override name = 'UploadRefused';
  readonly messageKey: (typeof UPLOAD_PROBLEM_MESSAGES)[UploadProblem];
  constructor(
    readonly problem: UploadProblem,
    /** What the server said, for logs; screens show messageKey. */
    detail: string,
  ) {
    super(detail);
    this.messageKey = UPLOAD_PROBLEM_MESSAGES[problem];
  }
}

export interface VerifiedUploadOptions {
  /** The declared type; the Blob's own type by default. */
  contentType?: string;
  cacheControl?: string;
  upsert?: boolean;
}

/**
 * Uploads a file to Storage, then has the files-verify edge function read its first bytes against the
 * declared type (decision 0050). Resolves once the object is verified, so an `api` function that requires
 * `app.file_verified` (set_my_avatar, set_my_logo, attach_brief_file) accepts it; throws UploadRefused
 * otherwise, leaving nothing behind.
 */
export async function uploadVerified(bucket: string, path: string, file: Blob, options: VerifiedUploadOptions = {}): Promise<void> {
  const { supabase } = await loadSupabase();
  const store = supabase.storage.from(bucket);
  const { error } = await store.upload(path, file, {
    contentType: options.contentType ?? file.type,
    upsert: options.upsert ?? false,
    ...(options.cacheControl ? { cacheControl: options.cacheControl } : {}),
  });
  if (error) {
    const status = (error as { statusCode?: string }).statusCode;
    throw new UploadRefused(status === '413' || status === '415' ? 'refused' : 'failed', error.message);
  }
  await verifyUploaded(bucket, path);
}

/**
 * The check alone, for a file that arrived another way (a resumable upload over TUS): resolves once
 * files-verify has found its bytes to be what its type says; throws UploadRefused otherwise, the file removed.
 */
export async function verifyUploaded(bucket: string, path: string): Promise<void> {
  try {
    await invokeFunction('files-verify', { method: 'POST', body: { bucket, path } });
  } catch (e) {
    if (e instanceof FunctionError && e.code === 'file_content_mismatch') throw new UploadRefused('content_mismatch', e.message);
    // Not verified is not usable: the file goes rather than sit unnamed by anything.
    const { supabase } = await loadSupabase();
    await supabase.storage.from(bucket).remove([path]);
    throw new UploadRefused('failed', (e as Error).message);
  }
}
