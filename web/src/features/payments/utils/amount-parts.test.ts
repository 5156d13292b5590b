import { describe, expect, it } from 'vitest';
import { amountParts } from './amount-parts';

describe('amountParts', () => {
  it('names the content fee and the licence when the licence has a price', () => {
    expect(amountParts({ content_cents: 50000, licence_cents: 30000 })).toEqual({ contentCents: 50000, licenceCents: 30000 });
    // A product or performance hire funds the licence alone: its content part is 0, still shown.
    expect(amountParts({ content_cents: '0', licence_cents: '30000' })).toEqual({ contentCents: 0, licenceCents: 30000 });
  });

  it('is null without a licence price: the amount is the content fee alone', () => {
    expect(amountParts({ content_cents: 50000, licence_cents: 0 })).toBeNull();
  });
});
