import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';
import { clearMail, mailPart, waitForMail } from '../../testkit/mail.ts';
import type { Mailer } from './send.ts';

let stack: TestStack;
let mailer: Mailer;

beforeAll(async () => {
  stack = await startTestStack();
  mailer = stack.stack.ctx.mail.mailer;
});
afterAll(() => stack?.close());
beforeEach(() => clearMail(stack.url));

const RECOVERY = 'http://127.0.0.1:54321/auth/v1/verify?token=abc&type=recovery&redirect_to=http://localhost/reset';

function sendRecovery(to = 'ana@example.test', subject = 'Reset your password'): Promise<void> {
  return mailer.send({
    to,
    subject,
    html: `<!doctype html><html><head><title>x</title></head><body><p>Hi</p>
<a href="${RECOVERY.replaceAll('&', '&amp;')}">Reset</a> <a href='javascript:alert(1)'>bad</a>
<a href="https://example.test/help">Help</a></body></html>`,
    text: `Reset it here: ${RECOVERY}`,
    headers: { 'List-Unsubscribe': '<https://example.test/unsubscribe?t=1>' },
  });
}

/** A raw request, for the headers fetch will not let a test set (Host) or the peer a test cannot be. */
function request(path: string, opts: { method?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${stack.url}${path}`, { method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the mail viewer API', () => {
  it('lists caught mail newest first with its summary, and a message with its links', async () => {
    await sendRecovery();
    await mailer.send({ to: 'bea@example.test', subject: 'Second', html: '<p>two</p>', text: 'two' });
    const res = await fetch(`${stack.url}/_mail/api/v1/messages`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const list = (await res.json()) as { total: number; messages: { id: string; subject: string; to: string[]; from: string; snippet: string; receivedAt: string }[] };
    expect(list.total).toBe(2);
    expect(list.messages.map((m) => m.subject)).toEqual(['Second', 'Reset your password']);
    const first = list.messages[1]!;
    expect(first).toMatchObject({ to: ['ana@example.test'], from: expect.stringContaining('no-reply@marketplace.test') });
    expect(first.snippet).toContain('Reset it here:');
    expect(Number.isNaN(Date.parse(first.receivedAt))).toBe(false);

    const detail = (await (await fetch(`${stack.url}/_mail/api/v1/message/${first.id}`)).json()) as { links: string[]; html: string; text: string };
    // Entities decoded, so the link is followable as is; javascript: is never offered.
    expect(detail.links).toEqual([RECOVERY, 'https://example.test/help']);
    expect(detail.text).toContain(RECOVERY);
  });

  it('takes links from the text when there is no HTML part, and filters by whole recipient', async () => {
    await mailer.send({ to: 'mariana@example.test', subject: 'Other', html: '', text: 'x' });
    await mailer.send({ to: 'Ana@Example.test', subject: 'Text only', text: 'Open https://example.test/a?b=1. Thanks', html: '' });
    const mail = await waitForMail(stack.url, { to: 'ana@example.test', subject: /text only/i });
    expect(mail.links).toEqual(['https://example.test/a?b=1']);
    const filtered = (await (await fetch(`${stack.url}/_mail/api/v1/messages?to=ANA@example.test`)).json()) as { total: number };
    expect(filtered.total).toBe(1);
  });

  it('waitForMail ignores mail older than `after` and says what arrived when it times out', async () => {
    await sendRecovery('old@example.test', 'Old');
    const after = new Date().toISOString();
    await expect(waitForMail(stack.url, { to: 'old@example.test', after, timeoutMs: 300 })).rejects.toThrow(/"Old"/);
    await sendRecovery('old@example.test', 'New');
    expect((await waitForMail(stack.url, { to: 'old@example.test', after })).subject).toBe('New');
  });

  it('describes attachments and serves the bytes of each as a download; an unknown part is 404', async () => {
    const pdf = Buffer.from('%PDF-1.7\n\u00e9 receipt');
    await mailer.send({ to: 'brand@example.test', subject: 'Receipt', html: '<p>r</p>', text: 'r', attachments: [{ filename: 'R-2026-000001.pdf', contentType: 'application/pdf', content: pdf }] });
    const mail = await waitForMail(stack.url, { to: 'brand@example.test' });
    expect(mail.attachments).toEqual([{ partId: '1', filename: 'R-2026-000001.pdf', contentType: 'application/pdf', size: pdf.length }]);
    const res = await fetch(`${stack.url}/_mail/api/v1/message/${mail.id}/part/1`);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="R-2026-000001.pdf"');
    expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);
    expect(Buffer.from(await mailPart(stack.url, mail.id, '1')).equals(pdf)).toBe(true);
    expect((await fetch(`${stack.url}/_mail/api/v1/message/${mail.id}/part/2`)).status).toBe(404);
    const page = await (await fetch(`${stack.url}/_mail/messages/${mail.id}`)).text();
    expect(page).toContain(`href="/_mail/api/v1/message/${mail.id}/part/1" download>R-2026-000001.pdf</a>`);
  });

  it('answers an unknown id with 404 and DELETE clears everything', async () => {
    const missing = await fetch(`${stack.url}/_mail/api/v1/message/999999`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'not found' });
    await sendRecovery();
    const del = await fetch(`${stack.url}/_mail/api/v1/messages`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect(stack.stack.ctx.mail.catcher!.list()).toEqual([]);
  });
});

describe('the mail viewer pages', () => {
  it('lists the mail with every field escaped', async () => {
    await mailer.send({ to: 'ana@example.test', subject: '<script>alert(1)</script> & more', html: '<p>x</p>', text: 'x' });
    const res = await fetch(`${stack.url}/_mail`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'.*script-src 'nonce-/);
    const html = await res.text();
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('ana@example.test');
    expect(html).toMatch(/<a href="\/_mail\/messages\/\d+">/);
    expect(await (await fetch(`${stack.url}/_mail/?to=nobody@example.test`)).text()).toContain('No emails yet');
  });

  it('shows one message: headers, a sandboxed frame without scripts, its links as plain anchors, its text', async () => {
    await sendRecovery();
    const [mail] = stack.stack.ctx.mail.catcher!.list();
    const html = await (await fetch(`${stack.url}/_mail/messages/${mail!.id}`)).text();
    const frame = /<iframe [^>]*>/.exec(html)?.[0] ?? '';
    expect(frame).toContain(`src="/_mail/messages/${mail!.id}/html"`);
    expect(frame).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox"');
    expect(frame).not.toContain('allow-scripts');
    expect(frame).toContain('referrerpolicy="no-referrer"');
    expect(html).toContain(`<a href="${RECOVERY.replaceAll('&', '&amp;')}" target="_blank" rel="noopener noreferrer">`);
    expect(html).toContain('&lt;https://example.test/unsubscribe?t=1&gt;');
    expect(html).toMatch(/<pre>Reset it here: /);
  });

  it('serves the HTML part under a CSP that runs nothing, with links opening new tabs', async () => {
    await sendRecovery();
    const [mail] = stack.stack.ctx.mail.catcher!.list();
    const res = await fetch(`${stack.url}/_mail/messages/${mail!.id}/html`);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'; img-src data: https: http:; style-src 'unsafe-inline'");
    expect(await res.text()).toMatch(/^<!doctype html><html><head><base target="_blank"><title>/);
    expect((await fetch(`${stack.url}/_mail/messages/999999`)).status).toBe(404);
  });

  it('deletes all from the page, but not for a form posted by another site', async () => {
    await sendRecovery();
    const forged = await request('/_mail/delete', { method: 'POST', headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' } });
    expect(forged.status).toBe(403);
    expect(stack.stack.ctx.mail.catcher!.list()).toHaveLength(1);
    const own = await request('/_mail/delete', { method: 'POST', headers: { Origin: stack.url, 'Sec-Fetch-Site': 'same-origin' } });
    expect(own.status).toBe(303);
    expect(own.headers.location).toBe('/_mail/');
    expect(stack.stack.ctx.mail.catcher!.list()).toHaveLength(0);
  });
});

describe('who may read the mail', () => {
  it('refuses a script of another origin, and grants it no CORS', async () => {
    await sendRecovery();
    const res = await request('/_mail/api/v1/messages', { headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'cors' } });
    expect(res.status).toBe(403);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.body).not.toContain('recovery');
  });

  it('answers 404 to a request relayed for another machine or named by another host (DNS rebinding)', async () => {
    const viaTunnel = await request('/_mail', { headers: { 'X-Forwarded-For': '203.0.113.7' } });
    expect(viaTunnel.status).toBe(404);
    expect(JSON.parse(viaTunnel.body)).toEqual({ error: 'not found' });
    const rebound = await request('/_mail/api/v1/messages', { headers: { Host: 'attacker.example:80' } });
    expect(rebound.status).toBe(404);
    const named = await request('/_mail/api/v1/messages', { headers: { Host: 'localhost' } });
    expect(named.status).toBe(200);
  });

  it('answers 404 to the real client behind a trusted proxy', async () => {
    const proxied = await startTestStack({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
    try {
      const far = await fetch(`${proxied.url}/_mail/api/v1/messages`, { headers: { 'X-Forwarded-For': '198.51.100.4' } });
      expect(far.status).toBe(404);
      const near = await fetch(`${proxied.url}/_mail/api/v1/messages`, { headers: { 'X-Forwarded-For': '127.0.0.1' } });
      expect(near.status).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('with SMTP_HOST set', () => {
  it('runs no catcher and /_mail falls through as any unknown path does', async () => {
    const real = await startTestStack({ env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: '1' } });
    try {
      expect(real.stack.ctx.mail.catcher).toBeUndefined();
      const [mail, other] = await Promise.all(
        ['/_mail/api/v1/messages', '/_nothing/api/v1/messages'].map(async (p) => {
          const res = await fetch(`${real.url}${p}`);
          return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
        }),
      );
      expect(mail).toEqual(other);
    } finally {
      await real.close();
    }
  });
});
