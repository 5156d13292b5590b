import { HttpError } from '../http/http-error.ts';
import { isPgError } from '../db/database.ts';

/**
 * An error in the Storage server's wire shape: `{statusCode, error, message}` plus its `code`, with
 * `statusCode` a string naming the real status while the HTTP status is 400 for every error but a 500
 * (its StorageBackendError.userStatusCode), unless the server chose another (`withStatusCode`).
 * storage-js reads `message` and `statusCode` into its StorageApiError.
 */
export function storageError(
  statusCode: number,
  code: string,
  message: string,
  opts: { error?: string; httpStatus?: number } = {},
): HttpError {
  const http = opts.httpStatus ?? (statusCode === 500 ? 500 : 400);
  return new HttpError(http, { statusCode: String(statusCode), code, error: opts.error ?? code, message });
}

export const errors = {
  noSuchBucket: () => storageError(404, 'NoSuchBucket', 'Bucket not found', { error: 'Bucket not found' }),
  noSuchKey: () => storageError(404, 'NoSuchKey', 'Object not found', { error: 'not_found' }),
  invalidKey: (key: string) => storageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () => storageError(400, 'InvalidBucketName', 'Bucket name invalid', { error: 'Invalid Input' }),
  invalidRequest: (message: string) => storageError(400, 'InvalidRequest', message),
  bucketNotEmpty: () => storageError(409, 'InvalidRequest', 'The bucket you tried to delete is not empty'),
  invalidJwt: (message: string) => storageError(400, 'InvalidJWT', message),
  invalidSignature: () => storageError(400, 'InvalidSignature', 'Invalid signature'),
  accessDenied: (message: string, httpStatus?: number) =>
    storageError(403, 'AccessDenied', message, { error: 'Unauthorized', httpStatus }),
  duplicate: () => storageError(409, 'Duplicate', 'The resource already exists', { error: 'Duplicate' }),
  entityTooLarge: () =>
    storageError(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size', { error: 'Payload too large' }),
  invalidMimeType: (mime: string) =>
    storageError(415, 'InvalidMimeType', `mime type ${mime} is not supported`, { error: 'invalid_mime_type' }),
  invalidRange: () => storageError(400, 'InvalidRange', 'invalid range provided', { error: 'invalid_range' }),
  missingParameter: (name: string) => storageError(400, 'MissingParameter', `Missing Required Parameter ${name}`),
  notFoundRoute: (method: string, path: string) =>
    storageError(404, 'NotFound', `Route ${method}:${path} not found`, { error: 'Not Found', httpStatus: 404 }),
};

/** The Storage server's DBError.fromDBError for the codes a request can meet. */
export function fromDbError(e: unknown): unknown {
  if (!isPgError(e)) return e;
  switch (e.code) {
    case '42501':
      return errors.accessDenied(
        e.message.includes('row-level security') ? 'new row violates row-level security policy' : e.message,
      );
    case '23505':
      return errors.duplicate();
    case '23503':
      return storageError(404, 'RelatedResourceNotFound', 'The related resource does not exist');
    case '57014':
      return storageError(544, 'DatabaseTimeout', 'The connection to the database timed out', { httpStatus: 544 });
    default:
      return e;
  }
}
