/** An error that already knows the response it becomes. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === 'string' ? body : JSON.stringify(body));
  }
}
