import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random base62 string of the given length (rejection sampling keeps it unbiased). */
export function randomToken(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

/** An object id shaped like Stripe's: a type prefix and 24 random characters (`pi_3Nq...`). */
export function newId(prefix: string): string {
  return `${prefix}_${randomToken(24)}`;
}

/** A PaymentIntent's client secret, `pi_..._secret_...`, as Stripe.js expects it. */
export function newClientSecret(paymentIntentId: string): string {
  return `${paymentIntentId}_secret_${randomToken(25)}`;
}

/** The PaymentIntent id a client secret belongs to, or undefined when it is not shaped like one. */
export function paymentIntentIdOfSecret(secret: string): string | undefined {
  const m = /^(pi_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/.exec(secret);
  return m?.[1];
}

/** Seconds since the epoch, Stripe's timestamp unit. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
