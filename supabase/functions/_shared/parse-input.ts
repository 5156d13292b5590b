import type { z } from 'zod/mini';
import { type FieldProblem, HttpError, invalidFields } from './http-error.ts';

/** The JSON object of a request body, or a 400. */
export function asObject(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'Expected a JSON object', 'bad_json');
  return body as Record<string, unknown>;
}

/**
 * A request body checked against a contract schema (./contract). Every field's first problem is reported,
 * in `fieldOrder` when given (the form's order), as one 400: validation_failed, or the code `codes` gives
 * the first problem's message (a rule clients branch on, such as split_invalid).
 */
export function parseInput<S extends z.ZodMiniType>(
  schema: S,
  body: unknown,
  fieldOrder: readonly string[] = [],
  codes: Readonly<Record<string, string>> = {},
): z.output<S> {
  const result = schema.safeParse(asObject(body));
  if (result.success) return result.data;
  const firstPerField = new Map<string, string>();
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!firstPerField.has(field)) firstPerField.set(field, issue.message);
  }
  const rank = (field: string) => (fieldOrder.includes(field) ? fieldOrder.indexOf(field) : fieldOrder.length);
  const problems: FieldProblem[] = [...firstPerField].sort(([a], [b]) => rank(a) - rank(b));
  throw invalidFields(problems, codes[problems[0]?.[1] ?? '']);
}
