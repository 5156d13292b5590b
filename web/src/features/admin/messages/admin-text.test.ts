import { readFileSync } from 'node:fs';
import { adminUserMessages } from '@contract/admin-users';
import { describe, expect, test } from 'vitest';
import { FunctionError } from '@/lib/function-error';
import { platformSettingsMessages } from '../api/platform-settings-schema';
import { adminErrorText, settingsValidationText, validationText } from './admin-text';

// The catalogs as written (importing them gives Lingui's compiled form).
const read = (file: string): Record<string, string> => JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8'));
const en = read('./en.json');
const es = read('./es.json');

const t = (key: string) => key;

describe('admin texts', () => {
  test('every rule of the shared contract has its message, the English one being the rule itself', () => {
    for (const [name, text] of Object.entries(adminUserMessages)) {
      const key = `admin.validation.${name}`;
      expect(en[key], name).toBe(text);
      expect(es[key], name).toBeTruthy();
      expect(validationText(t, text)).toBe(key);
    }
    expect(validationText(t, undefined)).toBeUndefined();
  });

  test('every rule of the Platform settings form has its message, the English one being the rule itself', () => {
    for (const [name, text] of Object.entries(platformSettingsMessages)) {
      const key = `admin.settings.validation.${name}`;
      expect(en[key], name).toBe(text);
      expect(es[key], name).toBeTruthy();
      expect(settingsValidationText(t, text)).toBe(key);
    }
  });

  test("the function's and the database's refusals are said by their code", () => {
    expect(adminErrorText(t, { name: 'ApiError', message: 'The platform fee must be between 0% and 50%', code: '22023', details: 'fee_out_of_range' })).toBe(
      'admin.error.fee_out_of_range',
    );
    expect(adminErrorText(t, new FunctionError(409, 'email_taken', 'Email already in use', 'email'))).toBe('admin.error.email_taken');
    expect(adminErrorText(t, new FunctionError(409, 'last_admin', 'The last admin cannot be removed or demoted'))).toBe('admin.error.last_admin');
    expect(adminErrorText(t, { name: 'ApiError', message: 'Only admins can manage users', code: '42501', details: 'not_admin' })).toBe('admin.error.not_admin');
    // A rule the function enforced again says that rule.
    expect(adminErrorText(t, new FunctionError(400, 'validation_failed', adminUserMessages.fullName, 'fullName'))).toBe('admin.validation.fullName');
  });

  test('no answer is a network problem; an unknown reason the given fallback', () => {
    expect(adminErrorText(t, new FunctionError(0, 'network_error', 'Failed to fetch'))).toBe('admin.error.network');
    expect(adminErrorText(t, new FunctionError(500, 'internal', 'Unexpected error'))).toBe('admin.error.unknown');
    expect(adminErrorText(t, new FunctionError(500, 'internal', 'Unexpected error'), 'admin.toast.deleteFailedText')).toBe('admin.toast.deleteFailedText');
  });
});
