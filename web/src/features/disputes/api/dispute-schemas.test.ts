import { describe, expect, test } from 'vitest';
import { disputeMessageMessages, disputeMessageSchema } from './dispute-message-schema';
import { evidenceUrlsOf, openDisputeMessages, openDisputeSchema } from './open-dispute-schema';
import { resolveDisputeFormMessages as resolveDisputeMessages, isValidSplit, splitShares } from '@contract/payment-rules';
import { resolveDisputeFormSchema as resolveDisputeSchema } from '@contract/payments';

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) =>
  result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('openDisputeSchema', () => {
  const valid = { reason: 'quality', details: 'The video is blurry.', evidence: [{ url: 'https://example.com/shot.png' }, { url: '' }] };

  test('takes a listed reason, details and http(s) links; blank link rows are left out', () => {
    expect(openDisputeSchema.safeParse(valid).success).toBe(true);
    expect(evidenceUrlsOf(valid)).toEqual(['https://example.com/shot.png']);
  });

  test('refuses no reason, blank details and a link that is not http(s)', () => {
    const result = openDisputeSchema.safeParse({ reason: '', details: ' \u200b ', evidence: [{ url: 'ftp://x' }, { url: 'javascript:alert(1)' }] });
    expect(messagesOf(result)).toEqual([
      `reason: ${openDisputeMessages.reasonInvalid}`,
      `details: ${openDisputeMessages.detailsRequired}`,
      `evidence.0.url: ${openDisputeMessages.evidenceInvalid}`,
      `evidence.1.url: ${openDisputeMessages.evidenceInvalid}`,
    ]);
  });

  test('refuses more than 10 links and details over 5000 characters', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({ url: `https://example.com/${i}` }));
    expect(messagesOf(openDisputeSchema.safeParse({ ...valid, evidence: eleven }))).toEqual([`evidence: ${openDisputeMessages.evidenceTooMany}`]);
    expect(messagesOf(openDisputeSchema.safeParse({ ...valid, details: 'x'.repeat(5001) }))).toEqual([`details: ${openDisputeMessages.detailsTooLong}`]);
  });
});

describe('disputeMessageSchema', () => {
  test('needs visible text of at most 4000 characters', () => {
    expect(disputeMessageSchema.safeParse({ body: 'I sent the link on Monday.' }).success).toBe(true);
    expect(messagesOf(disputeMessageSchema.safeParse({ body: '  ' }))).toEqual([`body: ${disputeMessageMessages.bodyRequired}`]);
    expect(messagesOf(disputeMessageSchema.safeParse({ body: 'x'.repeat(4001) }))).toEqual([`body: ${disputeMessageMessages.bodyTooLong}`]);
  });
});

describe('the dispute-split rule (@contract/payment-rules)', () => {
  test('gives the creator more than $0.00 and less than the money held, in whole cents', () => {
    for (const cents of [1, 30_000, 49_999]) expect(isValidSplit(cents, 50_000), String(cents)).toBe(true);
    for (const cents of [0, -1, 50_000, 60_000, 1.5, null, '300', Number.NaN]) expect(isValidSplit(cents, 50_000), String(cents)).toBe(false);
  });

  test('the two shares add up to the money held', () => {
    expect(splitShares(30_000, 50_000)).toEqual({ creatorCents: 30_000, brandCents: 20_000 });
    expect(splitShares(50_000, 50_000)).toBeNull();
  });

  test('without the money held (the function reading a body) only the share itself is checked', () => {
    expect(isValidSplit(10_000_000)).toBe(true);
    expect(isValidSplit(0)).toBe(false);
  });
});

describe('resolveDisputeSchema', () => {
  const schema = resolveDisputeSchema(50_000);

  test('takes release or refund with a note; the amount only matters for a split', () => {
    expect(schema.safeParse({ outcome: 'release', creatorAmount: 'whatever', note: 'Delivered as agreed.' }).success).toBe(true);
    expect(schema.safeParse({ outcome: 'refund', creatorAmount: '', note: 'Never delivered.' }).success).toBe(true);
    expect(schema.safeParse({ outcome: 'split', creatorAmount: '300.00', note: 'Half the posts were late.' }).success).toBe(true);
  });

  test('refuses no outcome and a blank note', () => {
    expect(messagesOf(schema.safeParse({ outcome: '', creatorAmount: '', note: ' ' }))).toEqual([
      `outcome: ${resolveDisputeMessages.outcomeRequired}`,
      `note: ${resolveDisputeMessages.noteRequired}`,
    ]);
  });

  test('a split needs an amount in dollars above $0.00 and below the money held', () => {
    const split = (creatorAmount: string) => messagesOf(schema.safeParse({ outcome: 'split', creatorAmount, note: 'Decided.' }));
    expect(split('')).toEqual([`creatorAmount: ${resolveDisputeMessages.amountInvalid}`]);
    expect(split('three hundred')).toEqual([`creatorAmount: ${resolveDisputeMessages.amountInvalid}`]);
    expect(split('0')).toEqual([`creatorAmount: ${resolveDisputeMessages.splitInvalid}`]);
    expect(split('500')).toEqual([`creatorAmount: ${resolveDisputeMessages.splitInvalid}`]);
    expect(split('499.99')).toEqual([]);
  });
});
