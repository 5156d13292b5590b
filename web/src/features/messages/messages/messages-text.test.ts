import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { messagesErrorText } from './messages-text';

// The catalogs as written (importing them gives Lingui's compiled form).
const read = (file: string): Record<string, string> => JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8'));
const en = read('./en.json');
const es = read('./es.json');

const t = (key: string) => key;
/** An ApiError's shape (lib/supabase's class needs the app's configuration to load). */
const apiError = (message: string, code: string, details?: string) => ({ name: 'ApiError', message, code, details });

describe('messagesErrorText', () => {
  test("says the server's reason by its code, never its sentence", () => {
    const refused = apiError('You cannot message this user', '42501', 'messaging_not_allowed');
    expect(messagesErrorText(t, refused)).toBe('messages.error.messaging_not_allowed');
    expect(messagesErrorText(t, apiError('The server did not answer in time.', 'timeout', 'timeout'))).toBe('messages.error.timeout');
  });

  test('no answer is a network problem; anything else the generic message', () => {
    expect(messagesErrorText(t, apiError('TypeError: Failed to fetch', ''))).toBe('messages.error.network');
    expect(messagesErrorText(t, new TypeError('Load failed'))).toBe('messages.error.network');
    expect(messagesErrorText(t, apiError('permission denied for table messages', '42501'))).toBe('messages.error.unknown');
    expect(messagesErrorText(t, null)).toBe('messages.error.unknown');
  });

  test("the database's own sentences are the English texts, translated in Spanish", () => {
    expect(en['messages.error.messaging_not_allowed']).toBe('You cannot message this user');
    expect(en['messages.error.content_too_long']).toBe('Message is too long (4000 characters at most)');
    expect(es['messages.error.messaging_not_allowed']).not.toBe(en['messages.error.messaging_not_allowed']);
  });
});
