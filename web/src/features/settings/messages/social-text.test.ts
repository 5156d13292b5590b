import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { SOCIAL_RESULTS } from '../utils/social-return';
import { socialErrorText } from './social-text';

const read = (lang: string): Record<string, string> => JSON.parse(readFileSync(new URL(`./${lang}.json`, import.meta.url), 'utf8'));
const t = (key: string, values?: Record<string, unknown>) => `${key}${values ? ` ${JSON.stringify(values)}` : ''}`;

describe('connected accounts texts', () => {
  test("a refused start or disconnect is said by the function's code, naming the platform", () => {
    expect(socialErrorText(t, { status: 503, code: 'platform_not_configured', message: 'Connecting tiktok is not configured' }, 'TikTok'))
      .toBe('settings.social.error.platform_not_configured {"platform":"TikTok"}');
    expect(socialErrorText(t, { status: 404, code: 'social_account_not_found' }, 'YouTube')).toMatch(/^settings.social.error.social_account_not_found /);
    expect(socialErrorText(t, { status: 0, code: 'network_error', message: 'Failed to fetch' }, 'TikTok')).toBe('settings.error.network');
    expect(socialErrorText(t, { status: 500, code: 'internal', message: 'Some English sentence' }, 'TikTok')).toBe('settings.error.unknown');
  });

  test.each(['es', 'en', 'pt'])('every result of the callback has its title and explanation in %s', (lang) => {
    const catalog = read(lang);
    for (const result of SOCIAL_RESULTS) {
      expect(catalog[`settings.social.result.${result}.title`], result).toBeTruthy();
      expect(catalog[`settings.social.result.${result}.text`], result).toBeTruthy();
    }
  });
});
