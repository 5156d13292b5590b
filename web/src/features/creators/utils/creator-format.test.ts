import { describe, expect, test } from 'vitest';
import { cleanHandle, initials, socialLinks, socialUrl } from './creator-format';

describe('initials', () => {
  test('takes the first letters of two words', () => {
    expect(initials('Sofía Ríos')).toBe('SR');
    expect(initials('  madonna ')).toBe('M');
    expect(initials('Ana María López')).toBe('AM');
    expect(initials('')).toBe('?');
  });
});

describe('social links', () => {
  test('builds each platform URL from the handle', () => {
    expect(socialUrl('instagram', 'sofia.rios')).toBe('https://instagram.com/sofia.rios');
    expect(socialUrl('tiktok', '@sofiarios')).toBe('https://www.tiktok.com/@sofiarios');
    expect(socialUrl('youtube', ' SofiaRiosBeauty ')).toBe('https://www.youtube.com/@SofiaRiosBeauty');
  });

  test('encodes handles so they cannot change the host or path', () => {
    expect(socialUrl('instagram', 'evil.com/x?y')).toBe('https://instagram.com/evil.com%2Fx%3Fy');
    expect(cleanHandle('@@abc')).toBe('abc');
  });

  test('lists only the handles a creator has, in a fixed order', () => {
    expect(socialLinks({ instagram_handle: null, tiktok_handle: 'cami', youtube_handle: 'Cami' }).map((l) => l.url)).toEqual([
      'https://www.tiktok.com/@cami',
      'https://www.youtube.com/@Cami',
    ]);
    expect(socialLinks({ instagram_handle: ' ', tiktok_handle: null, youtube_handle: null })).toEqual([]);
  });
});
