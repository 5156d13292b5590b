/**
 * What a file's first bytes say it is. Storage keeps the type the client declared and never reads the
 * content, so a PNG renamed .pdf, or a script declared image/png, would be stored and served as that type.
 * Only the types the buckets allow are known (supabase/migrations/20250128000000_storage_buckets_and_policies.sql).
 */

/** How many leading bytes the checks need (the longest signature ends at byte 12). */
export const SIGNATURE_BYTES = 16;

/** The kinds of content told apart, by the declared types each one satisfies. */
const KINDS = [
  { kind: 'jpeg', types: ['image/jpeg'], test: (b: Uint8Array) => startsWith(b, 0, [0xff, 0xd8, 0xff]) },
  { kind: 'png', types: ['image/png'], test: (b: Uint8Array) => startsWith(b, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { kind: 'webp', types: ['image/webp'], test: (b: Uint8Array) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP') },
  { kind: 'pdf', types: ['application/pdf'], test: (b: Uint8Array) => ascii(b, 0, '%PDF-') },
  // ISO base media (MP4, and QuickTime since 2001) opens with an ftyp box; a phone's .mov is often
  // declared video/mp4 and the reverse, so either type accepts either brand.
  { kind: 'iso-media', types: ['video/mp4', 'video/quicktime'], test: (b: Uint8Array) => ascii(b, 4, 'ftyp') },
  // Older QuickTime files open straight with one of these atoms.
  { kind: 'quicktime', types: ['video/quicktime'], test: (b: Uint8Array) => ['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'].some((atom) => ascii(b, 4, atom)) },
  // WebM is Matroska: an EBML header.
  { kind: 'webm', types: ['video/webm'], test: (b: Uint8Array) => startsWith(b, 0, [0x1a, 0x45, 0xdf, 0xa3]) },
] as const;

/** The declared types this module can check. */
export const CHECKED_TYPES: readonly string[] = [...new Set(KINDS.flatMap((k) => k.types))];

/** The kind the bytes are, or null when none of the known signatures is there (text, a zip, nothing). */
export function contentKind(bytes: Uint8Array): string | null {
  return KINDS.find((k) => k.test(bytes))?.kind ?? null;
}

/** Whether the bytes are what the declared type says; undefined for a type this module does not know. */
export function contentMatchesType(bytes: Uint8Array, declared: string): boolean | undefined {
  const type = declared.split(';')[0]!.trim().toLowerCase();
  if (!CHECKED_TYPES.includes(type)) return undefined;
  return KINDS.some((k) => (k.types as readonly string[]).includes(type) && k.test(bytes));
}

function startsWith(bytes: Uint8Array, at: number, expected: readonly number[]): boolean {
  return bytes.length >= at + expected.length && expected.every((v, i) => bytes[at + i] === v);
}

function ascii(bytes: Uint8Array, at: number, text: string): boolean {
  return startsWith(bytes, at, [...text].map((c) => c.charCodeAt(0)));
}
