// Deno tests: what the email API (Resend's POST /emails) is sent, attachments included.
import { assertEquals } from '../../../testkit/deno/assert.ts';
import { base64, createTransport, type OutgoingEmail } from './transport.ts';

const mail: OutgoingEmail = { id: 'row-1', from: 'M <no-reply@example.com>', to: 'brand@example.test', subject: 'Receipt', html: '<p>Hi</p>', text: 'Hi', headers: {} };

async function sentBody(email: OutgoingEmail): Promise<{ body: Record<string, unknown>; headers: Headers }> {
  let captured: { body: Record<string, unknown>; headers: Headers } | null = null;
  const fetchFn = ((_url: string, init: RequestInit) => {
    captured = { body: JSON.parse(String(init.body)), headers: new Headers(init.headers) };
    return Promise.resolve(new Response('{"id":"x"}', { status: 200 }));
  }) as unknown as typeof fetch;
  await createTransport({ api: { url: 'https://api.example', key: 'k' }, domain: 'example.com' }, fetchFn).send(email);
  return captured!;
}

Deno.test('base64 of bytes, large ones too', () => {
  assertEquals(base64(new TextEncoder().encode('%PDF-1.7')), 'JVBERi0xLjc=');
  const big = new Uint8Array(100_000).map((_, i) => i % 256);
  assertEquals(atob(base64(big)).length, big.length);
});

Deno.test('the API gets each attachment as base64 content with its file name and type; none when there is none', async () => {
  const pdf = new TextEncoder().encode('%PDF-1.7 receipt');
  const { body, headers } = await sentBody({ ...mail, attachments: [{ filename: 'R-2026-000001.pdf', contentType: 'application/pdf', content: pdf }] });
  assertEquals(body.attachments, [{ filename: 'R-2026-000001.pdf', content: base64(pdf), content_type: 'application/pdf' }]);
  assertEquals(new TextDecoder().decode(Uint8Array.from(atob((body.attachments as { content: string }[])[0]!.content), (c) => c.charCodeAt(0))), '%PDF-1.7 receipt');
  assertEquals(headers.get('idempotency-key'), 'row-1');
  assertEquals('attachments' in (await sentBody(mail)).body, false);
});
