import { Upload } from 'tus-js-client';
import { env } from '@/config/env';
import { supabase } from '@/lib/supabase';
import { draftObjectPath } from '../utils/draft-file';

/** What an upload tells the screen as it goes: bytes sent, and whether it is waiting to reconnect. */
export interface DraftUploadProgress {
  sent: number;
  total: number;
  reconnecting: boolean;
}

/** Storage's own refusal of the upload (type, size, rights), with its HTTP status. */
export class DraftUploadRefused extends Error {
  override name = 'DraftUploadRefused';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

// Retried after a dropped connection: at once, then backing off for about a minute in all. Each retry asks
// the server how much it has (HEAD) and sends only the rest.
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000, 20000];

/** A dropped connection, a server restarting or a lock held by our own dead request: worth retrying. */
function worthRetrying(status: number): boolean {
  return status === 0 || status >= 500 || status === 409 || status === 423 || status === 429;
}

/**
 * Uploads a draft to drafts/<hire id>/… over TUS, as Supabase documents it (bearer token, x-upsert,
 * bucketName/objectName/contentType metadata, 6 MB chunks), and resolves with the object's path. The
 * upload's URL is kept under the file's fingerprint, so choosing the same file again (after a reload, or a
 * connection lost for longer than the retries) continues where the server stopped instead of starting over.
 */
export async function uploadDraft(applicationId: string, file: File, onProgress: (p: DraftUploadProgress) => void, signal?: AbortSignal): Promise<string> {
  const token = async () => (await supabase.auth.getSession()).data.session?.access_token;
  if (!(await token())) throw new DraftUploadRefused('Sign in first', 401);
  let objectName = draftObjectPath(applicationId, file.type, Date.now());
  let sent = 0;
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: `${env.supabaseUrl}/storage/v1/upload/resumable`,
      retryDelays: RETRY_DELAYS,
      headers: { 'x-upsert': 'false' },
      // Each request with the session's current token: a long upload outlives the token it started with.
      onBeforeRequest: async (req) => req.setHeader('authorization', `Bearer ${(await token()) ?? ''}`),
      uploadDataDuringCreation: true,
      removeFingerprintOnSuccess: true,
      chunkSize: 6 * 1024 * 1024,
      metadata: { bucketName: 'drafts', objectName, contentType: file.type, cacheControl: '3600' },
      onProgress: (bytes, total) => {
        sent = bytes;
        onProgress({ sent: bytes, total, reconnecting: false });
      },
      onShouldRetry: (err) => {
        const status = err.originalResponse?.getStatus() ?? 0;
        const retry = worthRetrying(status);
        if (retry) onProgress({ sent, total: file.size, reconnecting: true });
        return retry;
      },
      onError: (err) => {
        const res = (err as { originalResponse?: { getStatus(): number; getBody(): string } | null }).originalResponse;
        reject(res ? new DraftUploadRefused(res.getBody() || err.message, res.getStatus()) : err);
      },
      onSuccess: () => resolve(objectName),
    });
    signal?.addEventListener('abort', () => void upload.abort(false));
    void upload.findPreviousUploads().then((previous) => {
      // Only an unfinished upload of this hire (the same file chosen on another hire starts afresh).
      const mine = previous.find((p) => p.metadata.objectName?.startsWith(`${applicationId}/`));
      if (mine) {
        objectName = mine.metadata.objectName!;
        upload.resumeFromPreviousUpload(mine);
      }
      upload.start();
    });
  });
}
