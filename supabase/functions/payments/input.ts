import { HttpError, invalid } from '../_shared/http-error.ts';

/** The body of POST /payments/create. */
export interface CreatePaymentInput {
  deliverableId: string;
  /** Integer US cents; required for performance-based pay and a product-exchange bonus, else omitted. */
  amountCents: number | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Checks the create body: a deliverable uuid and, when given, a positive integer amount of cents. */
export function parseCreatePayment(body: unknown): CreatePaymentInput {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'Expected a JSON object', 'bad_json');
  const { deliverableId, amountCents } = body as Record<string, unknown>;
  if (typeof deliverableId !== 'string' || !UUID.test(deliverableId)) throw invalid('deliverableId', 'deliverableId must be a uuid');
  if (amountCents === undefined || amountCents === null) return { deliverableId, amountCents: null };
  if (typeof amountCents !== 'number' || !Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw invalid('amountCents', 'amountCents must be a positive whole number of cents');
  }
  return { deliverableId, amountCents };
}
