import { describe, expect, it } from 'vitest';
import { revisionOfSubmission, revisionRequestedOn } from './revision-round';

// Issue 30, finding 7: "Revision rounds: 1 of 2 used" sat beside a card labelled "Round 2".
describe('round numbering', () => {
  it('the original is revision 0; each resubmission is the revision the rounds-used count just counted', () => {
    expect([1, 2, 3].map(revisionOfSubmission)).toEqual([0, 1, 2]);
    // Changes requested on submission 1 use revision round 1; the resubmission (submission 2) is revision 1.
    const used = 1;
    expect(revisionRequestedOn(1)).toBe(used);
    expect(revisionOfSubmission(2)).toBe(used);
    expect(revisionRequestedOn(2)).toBe(revisionOfSubmission(3));
  });
});
