import { describe, expect, test } from 'vitest';
import { hasVisibleText, normalizeWebUrl, visibleText } from './visible-text';

describe('visible text', () => {
  test('whitespace and zero-width characters alone are not visible text', () => {
    for (const s of ['', ' ', '\u200B', '\u200C\u200D', ' \u2060 ', '\uFEFF', '\u200B \u200C\t\u200D\n\u2060\uFEFF', '\u00A0\u3000\u202F', '\u00AD\u180E\u3164']) {
      expect(hasVisibleText(s), JSON.stringify(s)).toBe(false);
    }
  });
  test('real text stays, including emoji joined with U+200D', () => {
    expect(hasVisibleText('hola')).toBe(true);
    expect(hasVisibleText('\u200B.')).toBe(true);
    expect(visibleText('👩\u200D💻 hola')).toBe('👩💻hola');
  });
});

describe('web links', () => {
  test('http(s) links are kept, bare domains gain https://, blank is empty', () => {
    expect(normalizeWebUrl(' https://glowlab.com/es?x=1#y ')).toBe('https://glowlab.com/es?x=1#y');
    expect(normalizeWebUrl('http://glowlab.com')).toBe('http://glowlab.com');
    expect(normalizeWebUrl('glowlab.com')).toBe('https://glowlab.com');
    expect(normalizeWebUrl('www.glowlab.com.mx/tienda')).toBe('https://www.glowlab.com.mx/tienda');
    expect(normalizeWebUrl('  ')).toBe('');
  });
  test('other schemes and malformed links are refused', () => {
    for (const url of ['javascript:alert(7)', 'JavaScript:alert(7)', 'data:text/html,<b>x</b>', 'javascript://%0Aalert(7)', 'ftp://glowlab.com',
      '//glowlab.com', 'file:///etc/passwd', 'https://', 'glow lab.com', 'https://user@evil.com']) {
      expect(normalizeWebUrl(url), url).toBeNull();
    }
  });
});
