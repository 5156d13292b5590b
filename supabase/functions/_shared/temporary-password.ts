// No 0/O, 1/l/I: the admin reads this password out or types it into a message.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/**
 * A one-time password for an account an admin creates: 16 characters from a 57-letter alphabet drawn
 * with the platform's CSPRNG (about 93 bits), with rejection sampling so every letter is equally likely.
 */
export function temporaryPassword(length = 16): string {
  const out: string[] = [];
  const limit = 256 - (256 % ALPHABET.length);
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit && out.length < length) out.push(ALPHABET[byte % ALPHABET.length]!);
    }
  }
  return out.join('');
}
