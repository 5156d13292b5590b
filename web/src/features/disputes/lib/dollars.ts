/**
 * An amount in US dollars as an admin types it, to integer cents, from the text (never through floating
 * point, where 0.29 * 100 is 28.999999999999996). Takes "300", "300.5", "$300.00", "1,250.75" (the way
 * the app writes money in both languages) and a decimal comma, "300,50". Null for anything else.
 */
export function dollarsToCents(text: string): number | null {
  const v = text.trim().replace(/^(US)?\$\s*/i, '');
  let whole: string;
  let fraction = '';
  let m: RegExpMatchArray | null;
  if ((m = v.match(/^(\d{1,3}(?:,\d{3})+)(?:\.(\d{1,2}))?$/))) {
    whole = m[1]!.replaceAll(',', '');
    fraction = m[2] ?? '';
  } else if ((m = v.match(/^(\d{1,10})(?:[.,](\d{1,2}))?$/))) {
    whole = m[1]!;
    fraction = m[2] ?? '';
  } else {
    return null;
  }
  if (whole.length > 10) return null;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** A split must leave both sides something: more than $0.00 to the creator and less than the money held. */
export function isValidSplit(creatorCents: number | null, heldCents: number): creatorCents is number {
  return creatorCents !== null && Number.isSafeInteger(creatorCents) && creatorCents > 0 && creatorCents < heldCents;
}
