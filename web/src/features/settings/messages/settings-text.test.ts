import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { settingsMessages } from '../api/settings-schemas';
import { settingsErrorText, validationText } from './settings-text';

// The catalogs as written (importing them gives Lingui's compiled form).
const read = (file: string): Record<string, string> => JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8'));
const en = read('./en.json');
const es = read('./es.json');

const t = (key: string) => key;
// The shapes of ApiError, AccountUpdateError and PasswordUpdateError (their modules load supabase-js).
const apiError = (message: string, code: string, details: string) => ({ name: 'ApiError', message, code, details });
const accountError = (message: string, code: string) => ({ name: 'AccountUpdateError', message, code });
const passwordError = (message: string, code?: string) => ({ name: 'PasswordUpdateError', message, code });

describe('settings texts', () => {
  test('every rule has its message, the English one being the rule itself', () => {
    for (const [name, text] of Object.entries(settingsMessages)) {
      const key = `settings.validation.${name}`;
      expect(en[key], name).toBe(text);
      expect(es[key], name).toBeTruthy();
      expect(validationText(t, text)).toBe(key);
    }
    // A message set already translated passes through.
    expect(validationText(t, 'Ese usuario ya está en uso')).toBe('Ese usuario ya está en uso');
  });

  test("a refused save is said by the database's or Auth's code, never their sentence", () => {
    expect(settingsErrorText(t, accountError('Username already taken', 'username_taken'))).toBe('settings.error.username_taken');
    expect(settingsErrorText(t, accountError('A user with this email address has already been registered', 'email_exists'))).toBe('settings.error.email_exists');
    expect(settingsErrorText(t, apiError('Website must be a link starting with http:// or https://', '22023', 'website_invalid'))).toBe('settings.error.website_invalid');
  });

  test('a known password refusal says its rule; no answer, the network; else the generic message', () => {
    expect(settingsErrorText(t, passwordError(settingsMessages.currentPasswordWrong))).toBe('settings.validation.currentPasswordWrong');
    expect(settingsErrorText(t, Object.assign(new Error('Failed to fetch'), { name: 'AuthRetryableFetchError' }))).toBe('settings.error.network');
    expect(settingsErrorText(t, passwordError('Some new Auth sentence', 'unexpected_failure'))).toBe('settings.error.unknown');
  });
});
