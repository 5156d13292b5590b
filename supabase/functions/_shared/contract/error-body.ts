/** The JSON error body of every edge function (the /api facade renders the same error as plain text). */
export interface ErrorBody {
  code: string;
  message: string;
  /** The input field a validation error is about. */
  field?: string;
}
