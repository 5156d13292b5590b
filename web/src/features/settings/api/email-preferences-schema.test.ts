import { describe, expect, it } from 'vitest';
import { emailPreferenceMessages, emailPreferencesSchema, toFormValues, toSaveArgs } from './email-preferences-schema';

const all = { applications: true, work: true, payments: true, disputesReviews: true, messages: 'instant' as const };

describe('emailPreferencesSchema', () => {
  it('accepts every category on or off and each message frequency', () => {
    for (const messages of ['instant', 'daily', 'off'] as const) {
      expect(emailPreferencesSchema.parse({ ...all, applications: false, messages })).toEqual({ ...all, applications: false, messages });
    }
  });

  it('refuses a frequency the server does not know, with the server\'s message', () => {
    const result = emailPreferencesSchema.safeParse({ ...all, messages: 'weekly' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(emailPreferenceMessages.messages);
  });

  it('refuses a switch that is not a boolean', () => {
    expect(emailPreferencesSchema.safeParse({ ...all, payments: 'on' }).success).toBe(false);
    expect(emailPreferencesSchema.safeParse({ ...all, work: undefined }).success).toBe(false);
  });
});

describe('toFormValues and toSaveArgs', () => {
  const stored = { applications: false, work: true, payments: true, disputes_reviews: false, messages: 'daily' };

  it('round-trip what the api stores', () => {
    expect(toSaveArgs(toFormValues(stored))).toEqual(stored);
  });

  it('read an unknown frequency as instant, the default', () => {
    expect(toFormValues({ ...stored, messages: 'hourly' }).messages).toBe('instant');
  });
});
