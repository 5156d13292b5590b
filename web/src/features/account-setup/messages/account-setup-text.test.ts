import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { setPasswordMessages, setPasswordSchema } from '../api/set-password-schema';
import { setPasswordErrorText, validationText } from './account-setup-text';

// The catalogs as written (importing them gives Lingui's compiled form).
const read = (file: string): Record<string, string> => JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8'));
const en = read('./en.json');
const es = read('./es.json');

const t = (key: string) => key;

describe('set password texts', () => {
  test("the form's rules have their messages, the English one being the rule itself", () => {
    for (const [name, text] of Object.entries(setPasswordMessages)) {
      const key = `account-setup.validation.${name}`;
      expect(en[key], name).toBe(text);
      expect(es[key], name).toBeTruthy();
    }
    const result = setPasswordSchema.safeParse({ password: '123', passwordConfirm: '456' });
    expect(result.error?.issues.map((i) => validationText(t, i.message))).toEqual(['account-setup.validation.passwordMin', 'account-setup.validation.passwordMismatch']);
  });

  test("Auth's refusals are said by their code", () => {
    expect(setPasswordErrorText(t, { code: 'weak_password', message: 'Password should be at least 6 characters.' })).toBe('account-setup.error.weak_password');
    expect(setPasswordErrorText(t, { name: 'AuthRetryableFetchError', message: 'Failed to fetch' })).toBe('account-setup.error.network');
    expect(setPasswordErrorText(t, new Error('Something new'))).toBe('account-setup.error.unknown');
  });
});
