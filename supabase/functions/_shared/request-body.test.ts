import { assertEquals, assertRejects } from '../../../testkit/deno/assert.ts';
import { readBodyText, readJsonBody } from './request-body.ts';

function streamOf(chunks: number, size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent++ >= chunks) controller.close();
      else controller.enqueue(new Uint8Array(size).fill(120));
    },
  });
}

Deno.test('a body declared over the limit is refused before any of it is read', async () => {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({ pull(c) { pulled++; c.enqueue(new Uint8Array(10)); } });
  const req = new Request('http://x/', { method: 'POST', body, headers: { 'content-length': '2000' }, duplex: 'half' } as RequestInit);
  const e = await assertRejects(() => readBodyText(req, 1000));
  assertEquals([(e as { status: number }).status, (e as { code: string }).code], [413, 'body_too_large']);
  assertEquals(pulled <= 1, true);
});

Deno.test('a chunked body is cut off as soon as it passes the limit', async () => {
  const req = new Request('http://x/', { method: 'POST', body: streamOf(1000, 1000), duplex: 'half' } as RequestInit);
  const e = await assertRejects(() => readBodyText(req, 10_000));
  assertEquals((e as { status: number }).status, 413);
});

Deno.test('bodies within the limit are read whole; bad JSON is a 400', async () => {
  const req = new Request('http://x/', { method: 'POST', body: streamOf(3, 100), duplex: 'half' } as RequestInit);
  assertEquals((await readBodyText(req, 300)).length, 300);
  assertEquals(await readJsonBody(new Request('http://x/', { method: 'POST', body: '{"a":1}' })), { a: 1 });
  const e = await assertRejects(() => readJsonBody(new Request('http://x/', { method: 'POST', body: '{' })));
  assertEquals((e as { status: number }).status, 400);
});
