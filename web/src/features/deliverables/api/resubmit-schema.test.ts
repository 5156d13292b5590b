import { describe, expect, test } from 'vitest';
import { contentUrlMessages } from '@contract/content-url';
import { resubmitMessages, resubmitSchema } from './resubmit-schema';
import { reviewDecisionMessages, reviewDecisionSchema } from './review-decision-schema';

const current = 'https://www.instagram.com/reel/abc/';
const issues = (values: { contentUrl: string; note: string }) => {
  const parsed = resubmitSchema(current).safeParse(values);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('resubmitSchema', () => {
  test('a new link needs no note; the same link needs one (as the database says)', () => {
    expect(issues({ contentUrl: 'https://www.instagram.com/reel/def/', note: '' })).toEqual([]);
    expect(issues({ contentUrl: ` ${current} `, note: ' \u200b ' })).toEqual([`note: ${resubmitMessages.noteRequired}`]);
    expect(issues({ contentUrl: current, note: 'Cut the intro to 3 seconds.' })).toEqual([]);
  });

  test('the link follows the submission rules and the note its length', () => {
    expect(issues({ contentUrl: '', note: 'x' })).toEqual([`contentUrl: ${contentUrlMessages.required}`]);
    expect(issues({ contentUrl: 'ftp://x.example/a', note: 'x' })).toEqual([`contentUrl: ${contentUrlMessages.invalid}`]);
    expect(issues({ contentUrl: 'https://x.example/b', note: 'n'.repeat(2001) })).toEqual([`note: ${resubmitMessages.noteTooLong}`]);
  });
});

describe('reviewDecisionSchema', () => {
  test('changes need feedback, a rejection a reason, both at most 5000 characters', () => {
    const message = (decision: 'changes_requested' | 'rejected', feedback: string) => {
      const parsed = reviewDecisionSchema(decision).safeParse({ feedback });
      return parsed.success ? null : parsed.error.issues[0]?.message;
    };
    expect(message('changes_requested', '  ')).toBe(reviewDecisionMessages.feedbackRequired);
    expect(message('rejected', '\u200b')).toBe(reviewDecisionMessages.reasonRequired);
    expect(message('rejected', 'Off brief.')).toBeNull();
    expect(message('changes_requested', 'x'.repeat(5001))).toBe(reviewDecisionMessages.feedbackTooLong);
  });
});
