/** The JSON error body of every edge function (the /api facade renders the same error as plain text). */
export interface ErrorBody {
  code: string;
  message: string;
  /** The input field a validation error is about. */
  field?: string;
  /** Figures the refusal names, in cents (`minimum_cents` of a payout under the minimum), for a client to
   * write in its reader's language and money format rather than reading them out of `message`. */
  amounts?: Record<string, number>;
}
