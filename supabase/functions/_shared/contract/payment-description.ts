/**
 * What a card payment is for, in the words Stripe shows the payer: the PaymentIntent's description (the
 * receipt, the Dashboard, the test checkout) and its statement descriptor suffix (the card statement).
 * One builder for the payments function and for the local stack's seeded Stripe objects
 * (local/bootstrap/seed-stripe.ts), so both describe a payment alike.
 */

/** Stripe's limit for a statement descriptor suffix. */
export const STATEMENT_SUFFIX_MAX = 22;

/** Stripe's limit for a PaymentIntent's description. */
const DESCRIPTION_MAX = 1000;

export interface PaymentSubject {
  /** The campaign's title; null for a hire without a campaign. */
  campaignTitle: string | null;
  /** The creator's display name; null when unknown. */
  creatorName: string | null;
}

const clean = (s: string | null): string => (s ?? '').replace(/\s+/g, ' ').trim();

/** "<campaign title> — <creator name>", either part alone when the other is missing. */
export function paymentDescription(subject: PaymentSubject): string {
  const parts = [clean(subject.campaignTitle), clean(subject.creatorName)].filter((p) => p !== '');
  const text = parts.length > 0 ? parts.join(' — ') : 'Creator marketplace payment';
  return text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1)}…` : text;
}

/**
 * A statement descriptor suffix Stripe accepts: Latin letters, digits and spaces only (accents dropped,
 * the forbidden < > \ ' " * and every other sign removed), at most 22 characters cut at a word where one
 * ends close enough, and at least one letter (the full descriptor must contain one).
 */
export function statementDescriptorSuffix(subject: PaymentSubject): string {
  const latin = clean(subject.campaignTitle || subject.creatorName)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .replace(/ +/g, ' ')
    .trim();
  const text = /[A-Za-z]/.test(latin) ? latin : `HIRE ${latin}`.trim();
  if (text.length <= STATEMENT_SUFFIX_MAX) return text;
  const cut = text.slice(0, STATEMENT_SUFFIX_MAX + 1);
  const space = cut.lastIndexOf(' ');
  return (space >= 12 ? cut.slice(0, space) : text.slice(0, STATEMENT_SUFFIX_MAX)).trim();
}

/** Whether Stripe would accept this statement descriptor suffix (the local double refuses as Stripe does). */
export function statementSuffixProblem(suffix: string): string | undefined {
  if (suffix.length > STATEMENT_SUFFIX_MAX) return `must be at most ${STATEMENT_SUFFIX_MAX} characters`;
  if (/[<>\\'"*]/.test(suffix)) return 'cannot contain any of the special characters < > \\ \' " *';
  if (!/^[\x20-\x7e]*$/.test(suffix)) return 'must contain only Latin characters';
  if (!/[A-Za-z]/.test(suffix)) return 'must contain at least one letter';
  return undefined;
}
