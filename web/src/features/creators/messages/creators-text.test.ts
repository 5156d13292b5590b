import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { CREATOR_NICHES } from '../utils/discover-filters';
import { creatorsErrorText, nicheText } from './creators-text';

// The catalogs as written (importing them gives Lingui's compiled form).
const read = (file: string): Record<string, string> => JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8'));
const es = read('./es.json');

const t = (key: string) => key;
/** An ApiError's shape (lib/supabase's class needs the app's configuration to load). */
const apiError = (message: string, code: string, details?: string) => ({ name: 'ApiError', message, code, details });

describe('creatorsErrorText', () => {
  test("says the database's reason by its code, never its sentence", () => {
    expect(creatorsErrorText(t, apiError('Only brands can discover creators', '42501', 'not_brand'))).toBe('creators.error.not_brand');
    expect(creatorsErrorText(t, apiError('Sign in first', '42501', 'not_signed_in'))).toBe('creators.error.not_signed_in');
    expect(creatorsErrorText(t, apiError('Minimum rating must be between 1 and 5', '22023', 'rating_invalid'))).toBe('creators.error.rating_invalid');
  });

  test('no answer is a network problem; anything else the generic message', () => {
    expect(creatorsErrorText(t, new TypeError('Failed to fetch'))).toBe('creators.error.network');
    expect(creatorsErrorText(t, apiError('relation does not exist', '42P01'))).toBe('creators.error.unknown');
  });
});

describe('nicheText', () => {
  test('every niche the database allows has a Spanish name; others show as stored', () => {
    for (const n of CREATOR_NICHES) expect(es[nicheText(t, n)]).toBeTruthy();
    expect(es[nicheText(t, 'Travel')]).toBe('Viajes');
    expect(nicheText(t, 'Gaming')).toBe('Gaming');
  });
});
