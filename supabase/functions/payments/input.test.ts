// Deno tests: the payments function's input checks and its idempotency key.
import { assert, assertEquals, assertThrows } from '../../../testkit/deno/assert.ts';
import { HttpError } from '../_shared/http-error.ts';
import { intentIdempotencyKey } from './create-payment.ts';
import { parseCreatePayment, parseResolveDispute } from './input.ts';

const id = '00000000-0000-0000-0003-000000000002';
function fails(fn: () => unknown, field?: string): void {
  const e = assertThrows(fn);
  assert(e instanceof HttpError && e.status === 400 && (field === undefined || e.field === field), `expected a 400 about ${field}, got ${e}`);
}

Deno.test('create body: a deliverable uuid and an optional positive integer of cents', () => {
  assertEquals(parseCreatePayment({ deliverableId: id }), { deliverableId: id, amountCents: null });
  assertEquals(parseCreatePayment({ deliverableId: id, amountCents: 12345 }), { deliverableId: id, amountCents: 12345 });
  assertEquals(parseCreatePayment({ deliverableId: id, amountCents: null }), { deliverableId: id, amountCents: null });
  fails(() => parseCreatePayment(null));
  fails(() => parseCreatePayment([id]));
  fails(() => parseCreatePayment({ deliverableId: 'x' }), 'deliverableId');
  for (const amountCents of [0, -5, 10.5, '100', Number.MAX_SAFE_INTEGER + 1]) fails(() => parseCreatePayment({ deliverableId: id, amountCents }), 'amountCents');
});

Deno.test('the idempotency key names the deliverable, the amount and the attempt', () => {
  const key = intentIdempotencyKey(id, 5000, 'aaaa');
  assertEquals(key, `payment-intent:${id}:5000:aaaa`);
  assert(intentIdempotencyKey(id, 5001, 'aaaa') !== key);
  assert(key.length <= 255);
});

Deno.test('resolve body: a dispute uuid, an outcome, a positive share for a split only, and a note', () => {
  const note = 'Half of the brief was met.';
  assertEquals(parseResolveDispute({ disputeId: id, outcome: 'release', creatorCents: 5, note }), { disputeId: id, outcome: 'release', creatorCents: null, note });
  assertEquals(parseResolveDispute({ disputeId: id, outcome: 'split', creatorCents: 30000, note: `  ${note} ` }), { disputeId: id, outcome: 'split', creatorCents: 30000, note });
  fails(() => parseResolveDispute({ disputeId: 'x', outcome: 'refund', note }), 'disputeId');
  fails(() => parseResolveDispute({ disputeId: id, outcome: 'keep', note }), 'outcome');
  for (const creatorCents of [undefined, 0, -1, 1.5, '300']) fails(() => parseResolveDispute({ disputeId: id, outcome: 'split', creatorCents, note }), 'creatorCents');
  for (const bad of [undefined, '', '   ', 'x'.repeat(1001)]) fails(() => parseResolveDispute({ disputeId: id, outcome: 'refund', note: bad }), 'note');
});
