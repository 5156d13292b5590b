/** A split must leave both sides something: more than $0.00 to the creator and less than the money held. */
export function isValidSplit(creatorCents: number | null, heldCents: number): creatorCents is number {
  return creatorCents !== null && Number.isSafeInteger(creatorCents) && creatorCents > 0 && creatorCents < heldCents;
}
