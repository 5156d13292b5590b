// Deno tests: the one flattening of user text for subjects and plain-text lines of emails.
import { assertEquals } from '../../../testkit/deno/assert.ts';
import { oneLine } from './one-line.ts';

Deno.test('every line or paragraph separator and control character becomes one space; runs collapse', () => {
  assertEquals(oneLine('Spring\r\n\r\nURGENT: verify your bank at http://evil.example'), 'Spring URGENT: verify your bank at http://evil.example');
  for (const sep of ['\n', '\r', '\u000b', '\u000c', '\u0085', '\u2028', '\u2029', '\t', '\u0000', '\u001b', '\u007f', '\u009b', ' \r\n \u2028 ']) {
    assertEquals(oneLine(`a${sep}b`), 'a b', JSON.stringify(sep));
  }
  assertEquals(oneLine('  \n Ana  María \u2029'), 'Ana María');
});

Deno.test('ordinary text, accents and emoji are kept', () => {
  for (const s of ['Morning Glow Serum Launch', '¡Estás dentro! Campaña de otoño', 'Ñandú 🌱 café', 'a-b_c.d (e) $1,234.00']) assertEquals(oneLine(s), s);
});
