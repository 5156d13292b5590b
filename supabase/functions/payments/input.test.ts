// Deno tests: the payments function's input checks and its idempotency key.
import { assert, assertEquals, assertThrows } from '../../../testkit/deno/assert.ts';
import { HttpError } from '../_shared/http-error.ts';
import { intentIdempotencyKey } from './create-payment.ts';
import { parseCancelHire, parseCreatePayment, parseFundHire, parseFundRenewal, parseResolveDispute } from './input.ts';
import { renewalIdempotencyKey } from './renewal-payment.ts';

const id = '00000000-0000-0000-0003-000000000002';
function fails(fn: () => unknown, field?: string, code?: string): void {
  const e = assertThrows(fn);
  assert(e instanceof HttpError && e.status === 400 && (field === undefined || e.field === field), `expected a 400 about ${field}, got ${e}`);
  if (code) assertEquals(e.code, code);
}

Deno.test('create body: a deliverable uuid and an optional positive integer of cents', () => {
  assertEquals(parseCreatePayment({ deliverableId: id }), { deliverableId: id, amountCents: null });
  assertEquals(parseCreatePayment({ deliverableId: id, amountCents: 12345 }), { deliverableId: id, amountCents: 12345 });
  assertEquals(parseCreatePayment({ deliverableId: id, amountCents: null }), { deliverableId: id, amountCents: null });
  fails(() => parseCreatePayment(null), undefined, 'bad_json');
  fails(() => parseCreatePayment([id]), undefined, 'bad_json');
  fails(() => parseCreatePayment({ amountCents: 0 }), 'deliverableId', 'validation_failed');
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
  for (const creatorCents of [undefined, null, 0, -1, 1.5, '300', Number.MAX_SAFE_INTEGER + 1]) {
    fails(() => parseResolveDispute({ disputeId: id, outcome: 'split', creatorCents, note }), 'creatorCents', 'split_invalid');
  }
  for (const bad of [undefined, 7, '', '   ', '\u200b\u200b']) fails(() => parseResolveDispute({ disputeId: id, outcome: 'refund', note: bad }), 'note', 'note_required');
  fails(() => parseResolveDispute({ disputeId: id, outcome: 'refund', note: 'x'.repeat(1001) }), 'note', 'note_too_long');
  // Several problems: the first in the body's order answers, its code with it.
  fails(() => parseResolveDispute({ disputeId: 'x', outcome: 'split', note: '' }), 'disputeId', 'validation_failed');
  fails(() => parseResolveDispute({ disputeId: id, outcome: 'split', creatorCents: 0, note: '' }), 'creatorCents', 'split_invalid');
});

Deno.test('fund body: an application uuid', () => {
  assertEquals(parseFundHire({ applicationId: id, extra: 1 }), { applicationId: id });
  fails(() => parseFundHire({ applicationId: 'x' }), 'applicationId', 'validation_failed');
  fails(() => parseFundHire({}), 'applicationId', 'validation_failed');
});

Deno.test('cancel body: an application uuid and a visible reason of 1000 characters at most, trimmed', () => {
  assertEquals(parseCancelHire({ applicationId: id, reason: '  Budget cut. ' }), { applicationId: id, reason: 'Budget cut.' });
  fails(() => parseCancelHire({ applicationId: 'x', reason: 'Budget cut.' }), 'applicationId', 'validation_failed');
  for (const bad of [undefined, 3, '', '   ']) fails(() => parseCancelHire({ applicationId: id, reason: bad }), 'reason', 'reason_required');
  // Under-validated before the contract: a reason of zero-width characters only passed the function (it
  // trimmed whitespace only) and api.cancel_hire_begin (btrim), and the creator read an empty reason.
  fails(() => parseCancelHire({ applicationId: id, reason: '\u200b\u2060\ufeff' }), 'reason', 'reason_required');
  fails(() => parseCancelHire({ applicationId: id, reason: 'x'.repeat(1001) }), 'reason', 'reason_too_long');
  assertEquals(parseCancelHire({ applicationId: id, reason: ` ${'x'.repeat(1000)} ` }).reason.length, 1000);
});

Deno.test('fund-renewal body: a renewal uuid; its idempotency key names the renewal, the amount and the attempt', () => {
  assertEquals(parseFundRenewal({ renewalId: id, extra: 1 }), { renewalId: id });
  fails(() => parseFundRenewal({ renewalId: 'x' }), 'renewalId', 'validation_failed');
  fails(() => parseFundRenewal({ applicationId: id }), 'renewalId', 'validation_failed');
  assertEquals(renewalIdempotencyKey(id, 15000, 'p1'), `renewal-intent:${id}:15000:p1`);
});
