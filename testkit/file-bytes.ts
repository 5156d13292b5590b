/**
 * Small files whose first bytes are what their type says (and two that are not), for the tests of
 * files-verify and of the functions that require a verified file (decision 0050).
 */
const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

export const fileBytes = {
  png: () => bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR', [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]),
  jpeg: () => bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF', [0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]),
  webp: () => bytes('RIFF', [0x1a, 0, 0, 0], 'WEBPVP8L', [0x0d, 0, 0, 0, 0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0]),
  pdf: () => bytes('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  mp4: () => bytes([0, 0, 0, 0x18], 'ftypmp42', [0, 0, 0, 0], 'mp42isom', [0, 0, 0, 8], 'free'),
  webm: () => bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01]),
  text: () => new TextEncoder().encode('<script>alert(document.cookie)</script>\n'),
};

/** A Blob of the bytes declared as `type` (what a browser uploads, whatever the content). */
export const fileBlob = (content: Uint8Array, type: string) => new Blob([content as Uint8Array<ArrayBuffer>], { type });

/** POST /functions/v1/files-verify as the holder of `token`. */
export async function callFilesVerify(url: string, anonKey: string, token: string | undefined, body: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`${url}/functions/v1/files-verify`, {
    method: 'POST',
    headers: { apikey: anonKey, 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}
