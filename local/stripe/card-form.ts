import type { CheckoutErrors, CheckoutValues } from './checkout-html.ts';
import { brandOf, cardByNumber, LIVE_CARD_IN_TEST_MODE, luhnValid, type TestCard } from './test-cards.ts';

/** A typed card that passed the form's checks, with the test card it stands for. */
export interface TypedCard {
  card: TestCard;
  expMonth: number;
  expYear: number;
}

/**
 * Checks the checkout form's card fields with the messages Stripe's Payment Element shows, then maps the
 * number to its test card; any other valid number is a live card, which test mode declines.
 */
export function readCardForm(values: CheckoutValues, now = new Date()): { errors: CheckoutErrors } | TypedCard {
  const errors: CheckoutErrors = {};
  const digits = values.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d*$/.test(digits) || !luhnValid(digits)) {
    errors.cardNumber = /^\d*$/.test(digits) && digits.length < 13 ? 'Your card number is incomplete.' : 'Your card number is invalid.';
  }
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(values.expiry);
  let expMonth = 0;
  let expYear = 0;
  if (!m) {
    errors.expiry = "Your card's expiration date is incomplete.";
  } else {
    expMonth = Number(m[1]);
    expYear = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
    const year = now.getUTCFullYear();
    const month = now.getUTCMonth() + 1;
    if (expMonth < 1 || expMonth > 12) errors.expiry = "Your card's expiration date is invalid.";
    else if (expYear < year) errors.expiry = "Your card's expiration year is in the past.";
    else if (expYear === year && expMonth < month) errors.expiry = "Your card's expiration date is in the past.";
    else if (expYear > year + 50) errors.expiry = "Your card's expiration year is invalid.";
  }
  const cvcLength = brandOf(digits) === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(values.cvc.trim())) errors.cvc = "Your card's security code is incomplete.";
  if (Object.keys(errors).length > 0) return { errors };
  const known = cardByNumber(digits);
  const brand = brandOf(digits);
  const card: TestCard = known ?? {
    number: digits,
    token: '',
    brand: brand === 'unknown' ? 'visa' : brand,
    funding: 'credit',
    outcome: LIVE_CARD_IN_TEST_MODE,
  };
  return { card, expMonth, expYear };
}
