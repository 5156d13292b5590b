import { describe, expect, test } from 'vitest';
import { awaitsReview, creatorActions, hasRoundsLeft } from './revision-rules';

describe('revision rules', () => {
  test('content awaits review while pending (or legacy submitted)', () => {
    expect(['pending', 'submitted', 'changes_requested', 'approved', 'rejected'].filter(awaitsReview)).toEqual(['pending', 'submitted']);
  });

  test('changes can be requested while an included round is left', () => {
    expect(hasRoundsLeft({ revision_rounds_included: 2, revision_rounds_used: 1 })).toBe(true);
    expect(hasRoundsLeft({ revision_rounds_included: 2, revision_rounds_used: 2 })).toBe(false);
    expect(hasRoundsLeft({ revision_rounds_included: 0, revision_rounds_used: 0 })).toBe(false);
  });

  test('the creator edits or deletes content awaiting review, resubmits when asked, and leaves final content alone', () => {
    expect(creatorActions('pending')).toEqual({ edit: true, remove: true, resubmit: false });
    expect(creatorActions('changes_requested')).toEqual({ edit: false, remove: false, resubmit: true });
    expect(creatorActions('approved')).toEqual({ edit: false, remove: false, resubmit: false });
    expect(creatorActions('rejected')).toEqual({ edit: false, remove: false, resubmit: false });
  });
});
