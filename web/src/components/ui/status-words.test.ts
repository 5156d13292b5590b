import { describe, expect, test } from 'vitest';
import en from '@/i18n/messages/en.json';
import es from '@/i18n/messages/es.json';
import { HIRE_STATUSES } from '@contract/hire';
import { deliverableStatusWord } from './status-words';

describe('the words of hire and content states (issue 33: one badge each, words in the common catalog)', () => {
  test('every review state has its word; changes requested is not "rejected" and a legacy submitted reads as awaiting review', () => {
    expect(['pending', 'submitted', 'changes_requested', 'approved', 'rejected', 'closed'].map(deliverableStatusWord)).toEqual([
      'pending', 'pending', 'changes_requested', 'approved', 'rejected', 'closed',
    ]);
    for (const word of ['pending', 'changes_requested', 'approved', 'rejected', 'closed']) {
      const key = `common.deliverable.status.${word}` as keyof typeof en;
      expect(en[key], key).toBeTruthy();
      expect(es[key], key).not.toBe(en[key]);
    }
  });

  test('every hire state has its words in both languages', () => {
    for (const s of HIRE_STATUSES) {
      const key = `common.hire.status.${s}` as keyof typeof en;
      expect(en[key], key).toBeTruthy();
      expect(es[key], key).not.toBe(en[key]);
    }
  });
});
