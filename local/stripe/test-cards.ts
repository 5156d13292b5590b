/** What confirming with a test card does, as in https://docs.stripe.com/testing. */
export type CardOutcome =
  | { kind: 'succeed'; dispute?: 'fraudulent' }
  | { kind: 'authenticate' }
  | { kind: 'decline'; code: string; declineCode: string; message: string };

export interface TestCard {
  number: string;
  /** The test PaymentMethod token that stands for this card (`payment_method: 'pm_card_visa'`). */
  token: string;
  brand: string;
  funding: 'credit' | 'debit';
  outcome: CardOutcome;
  /** Shown in the checkout page's list of test cards. */
  label?: string;
}

const DECLINED = 'Your card was declined.';

/** The test cards this double knows; the labelled ones are listed on the checkout page. */
export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', token: 'pm_card_visa', brand: 'visa', funding: 'credit', outcome: { kind: 'succeed' }, label: 'Payment succeeds' },
  {
    number: '4000000000000002', token: 'pm_card_chargeDeclined', brand: 'visa', funding: 'credit',
    outcome: { kind: 'decline', code: 'card_declined', declineCode: 'generic_decline', message: DECLINED },
    label: 'Card is declined',
  },
  { number: '4000002500003155', token: 'pm_card_authenticationRequiredOnSetup', brand: 'visa', funding: 'credit', outcome: { kind: 'authenticate' }, label: 'Requires authentication (3-D Secure)' },
  { number: '5555555555554444', token: 'pm_card_mastercard', brand: 'mastercard', funding: 'credit', outcome: { kind: 'succeed' } },
  { number: '4000056655665556', token: 'pm_card_visa_debit', brand: 'visa', funding: 'debit', outcome: { kind: 'succeed' } },
  {
    number: '4000000000009995', token: 'pm_card_chargeDeclinedInsufficientFunds', brand: 'visa', funding: 'credit',
    outcome: { kind: 'decline', code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
  {
    number: '4000000000009987', token: 'pm_card_chargeDeclinedLostCard', brand: 'visa', funding: 'credit',
    outcome: { kind: 'decline', code: 'card_declined', declineCode: 'lost_card', message: DECLINED },
  },
  {
    number: '4000000000000069', token: 'pm_card_chargeDeclinedExpiredCard', brand: 'visa', funding: 'credit',
    outcome: { kind: 'decline', code: 'expired_card', declineCode: 'expired_card', message: 'Your card has expired.' },
  },
  {
    number: '4000000000000127', token: 'pm_card_chargeDeclinedIncorrectCvc', brand: 'visa', funding: 'credit',
    outcome: { kind: 'decline', code: 'incorrect_cvc', declineCode: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  },
  { number: '4000002760003184', token: 'pm_card_authenticationRequired', brand: 'visa', funding: 'credit', outcome: { kind: 'authenticate' } },
  { number: '4000000000003220', token: 'pm_card_threeDSecure2Required', brand: 'visa', funding: 'credit', outcome: { kind: 'authenticate' } },
  // Succeeds, then the cardholder disputes it as fraudulent (https://docs.stripe.com/testing#disputes).
  { number: '4000000000000259', token: 'pm_card_createDispute', brand: 'visa', funding: 'credit', outcome: { kind: 'succeed', dispute: 'fraudulent' } },
];

/** Stripe's answer to a real card number in test mode. */
export const LIVE_CARD_IN_TEST_MODE: CardOutcome = {
  kind: 'decline',
  code: 'card_declined',
  declineCode: 'live_mode_test_card',
  message:
    'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
};

export function cardByToken(token: string): TestCard | undefined {
  return TEST_CARDS.find((c) => c.token === token);
}

export function cardByNumber(digits: string): TestCard | undefined {
  return TEST_CARDS.find((c) => c.number === digits);
}

/** The Luhn check every card number passes; Stripe Elements refuses others as invalid. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The brand Elements would detect from the number's prefix. */
export function brandOf(digits: string): 'visa' | 'mastercard' | 'amex' | 'unknown' {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
}
