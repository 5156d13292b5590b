// Deno tests: a file's first bytes against its declared type (files-verify, decision 0050).
import { assertEquals } from '../../../testkit/deno/assert.ts';
import { contentKind, contentMatchesType } from './file-signature.ts';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

const VALID: Array<[string, Uint8Array]> = [
  ['image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF')],
  ['image/png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR')],
  ['image/webp', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')],
  ['application/pdf', bytes('%PDF-1.7\n%\xe2\xe3')],
  ['video/mp4', bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0])],
  ['video/quicktime', bytes([0, 0, 0, 0x14], 'ftypqt  ', [0, 0, 0, 0])],
  ['video/quicktime', bytes([0, 0, 0, 0x08], 'wide')],
  ['video/webm', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01])],
];

Deno.test('a valid file of each type matches its type', () => {
  for (const [type, content] of VALID) assertEquals(contentMatchesType(content, type), true, type);
  assertEquals(contentMatchesType(VALID[1]![1], 'IMAGE/PNG; charset=binary'), true);
});

Deno.test('a PNG declared as a PDF, and a text file declared as a PNG, do not match', () => {
  const png = VALID[1]![1];
  assertEquals(contentMatchesType(png, 'application/pdf'), false);
  assertEquals(contentKind(png), 'png');
  const text = new TextEncoder().encode('<script>alert(1)</script>\n');
  assertEquals(contentMatchesType(text, 'image/png'), false);
  assertEquals(contentKind(text), null);
});

Deno.test('every type refuses every other type\'s content, and an empty or cut-off file', () => {
  for (const [type] of VALID) {
    for (const [other, content] of VALID) {
      const sameFamily = (type === 'video/mp4' || type === 'video/quicktime') && contentKind(content) === 'iso-media';
      if (other === type || sameFamily) continue;
      assertEquals(contentMatchesType(content, type), false, `${other} content declared ${type}`);
    }
    assertEquals(contentMatchesType(new Uint8Array(), type), false, `empty ${type}`);
  }
  assertEquals(contentMatchesType(bytes([0x89], 'PN'), 'image/png'), false);
  assertEquals(contentMatchesType(bytes('RIFF', [0, 0, 0, 0], 'WAVE'), 'image/webp'), false);
});

Deno.test('MP4 and QuickTime accept each other\'s ftyp brand (phones label .mov either way)', () => {
  const mov = VALID[5]![1];
  assertEquals(contentMatchesType(mov, 'video/mp4'), true);
  assertEquals(contentMatchesType(VALID[6]![1], 'video/mp4'), false);
});

Deno.test('a type the module does not know is neither matched nor refused', () => {
  assertEquals(contentMatchesType(VALID[0]![1], 'image/svg+xml'), undefined);
  assertEquals(contentMatchesType(VALID[0]![1], 'text/plain'), undefined);
});
