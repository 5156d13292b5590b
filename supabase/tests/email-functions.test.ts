import net from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ids } from '../../testkit/db/personas.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';

// The `emails` edge function under Deno on the whole local stack, sending through an SMTP server this
// test controls: it delivers each queued email once (HTML and text, the recipient's language, unsubscribe
// headers), keeps the email when the server is down and sends it later, marks an address the server
// refuses, and honours only genuine unsubscribe tokens.

interface Received { to: string[]; subject: string; html: string; text: string; headers: string }

/** An SMTP server on `port` that keeps what it receives and refuses RCPT TO for `refuse`. */
async function smtpServer(port: number, refuse: Set<string>) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 200,
    onRcptTo(address, _session, cb) {
      if (refuse.has(address.address)) return cb(Object.assign(new Error('5.1.1 mailbox unavailable'), { responseCode: 550 }));
      cb();
    },
    onData(stream, session, cb) {
      simpleParser(stream).then((m) => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: m.subject ?? '', html: String(m.html || ''), text: m.text ?? '', headers: m.headerLines.map((h) => h.line.replace(/\r?\n\s+/g, ' ')).join('\n') });
        cb();
      }, cb);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

let t: TestStack;
let smtpPort: number;
const refused = new Set<string>();

beforeAll(async () => {
  smtpPort = await freePort();
  t = await startTestStack({ seed: true, env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort), SMTP_SECURE: 'false' } });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

async function drain(key = t.serviceRoleKey): Promise<{ status: number; body: any }> {
  const res = await fetch(`${t.url}/functions/v1/emails/drain`, { method: 'POST', headers: { authorization: `Bearer ${key}`, apikey: t.anonKey } });
  return { status: res.status, body: await res.json() };
}

const db = () => t.database.db;

/** Pending again and due now (the test does not wait for the backoff). */
const dueNow = () => db().query(`update app.email_outbox set next_attempt_at = now() where status = 'pending'`);

/** Isabella's application 6 to GlowLab is accepted: one email queued for her. */
async function acceptIsabella(): Promise<string> {
  await db().query(`update app.applications set status = 'accepted' where id = $1`, [ids.application(6)]);
  const { rows } = await db().query<{ email: string }>(`select email from app.profiles where id = (select creator_id from app.applications where id = $1)`, [ids.application(6)]);
  return rows[0]!.email;
}

describe('the emails function', () => {
  let server: Awaited<ReturnType<typeof smtpServer>>;
  let address: string;

  test('only the scheduler drains', async () => {
    expect(await drain(t.anonKey)).toMatchObject({ status: 403, body: { code: 'not_scheduler' } });
  });

  test('the mail server down: the act still happens, the email waits and goes out once the server is back', async () => {
    address = await acceptIsabella();
    expect(await drain()).toMatchObject({ status: 200, body: { sent: 0, retrying: 1, failed: 0 } });
    const { rows } = await db().query(`select status, attempts, last_error from app.email_outbox where to_address = $1 and status <> 'sent'`, [address]);
    expect(rows).toMatchObject([{ status: 'pending', attempts: 1, last_error: expect.stringMatching(/ECONNREFUSED/) }]);

    server = await smtpServer(smtpPort, refused);
    await dueNow();
    expect(await drain()).toMatchObject({ status: 200, body: { sent: 1, retrying: 0, failed: 0 } });
    expect(server.received).toHaveLength(1);
    const mail = server.received[0]!;
    expect(mail.to).toEqual([address]);
    expect(mail.subject).toBe('¡Estás dentro! Morning Glow Serum Launch');
    expect(mail.html).toContain('aceptó tu postulación a Morning Glow Serum Launch');
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.html).toContain(`/campaigns/${ids.campaign(1)}`);
    expect(mail.text).toContain('Abrir la campaña: ');
    expect(mail.headers).toMatch(/^List-Unsubscribe: <http:\/\/[^>]+\/functions\/v1\/emails\/unsubscribe\?token=[^>]+>$/m);
    expect(mail.headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });

  test('never sent twice: a second drain finds nothing', async () => {
    expect(await drain()).toMatchObject({ status: 200, body: { sent: 0 } });
    expect(server.received).toHaveLength(1);
  });

  test('user text with line breaks stays on its line of the text part: nobody adds lines to our mail (issue 29, item 7)', async () => {
    const injected = 'URGENT: verify your bank at http://evil.example';
    // A campaign title, a company name and a full name as their owners may save them.
    await db().query(`update app.campaigns set title = $2 where id = $1`, [ids.campaign(2), `Spring\r\n\r\n${injected}`]);
    await db().query(`update app.brand_profiles set company_name = $2 where user_id = $1`, [ids.brand, `GlowLab\u2028${injected}`]);
    await db().query(`update app.profiles set full_name = $2, language = 'en' where id = $1`, [ids.creator, `Sofía\n\n${injected}`]);
    // GlowLab accepts Sofía's application 2 (to campaign 2) in the app: one email to her.
    const brand = t.client();
    const signIn = await brand.auth.signInWithPassword({ email: 'brand@demo.test', password: 'password123' });
    expect(signIn.error).toBeNull();
    expect((await brand.rpc('accept_application', { application_id: ids.application(2) })).error).toBeNull();
    const before = server.received.length;
    expect(await drain()).toMatchObject({ status: 200, body: { sent: 1, retrying: 0, failed: 0 } });
    const mail = server.received[before]!;
    expect(mail.to).toEqual(['creator@demo.test']);
    const lines = mail.text.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/);
    expect(lines.filter((line) => line.trimStart().startsWith('URGENT')), mail.text).toEqual([]);
    expect(lines).toContain(`GlowLab ${injected} accepted your application to Spring ${injected}`);
    expect(lines[0]).toBe('Hi Sofía,');
    expect(mail.subject).toBe(`You're in: Spring ${injected}`);
  });

  test('unsubscribe: the genuine token turns the category off, signed out; a tampered or foreign one is refused', async () => {
    const link = /\/unsubscribe\?token=([^\s]+)/.exec(server.received[0]!.text)![1]!;
    const token = decodeURIComponent(link);
    const post = (tok: string) => fetch(`${t.url}/functions/v1/emails/unsubscribe?token=${encodeURIComponent(tok)}`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click',
    });
    const [category, user, signature] = token.split('.') as [string, string, string];
    const tampered = [`payments.${user}.${signature}`, `${category}.${ids.brand}.${signature}`, `${category}.${user}.${signature.slice(0, -2)}AA`, 'nonsense'];
    for (const bad of tampered) {
      const res = await post(bad);
      expect(res.status, bad).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'invalid_unsubscribe_token', message: 'This unsubscribe link is not valid.' });
    }
    const res = await post(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ category: 'applications' });
    const { rows } = await db().query(`select applications, work from app.email_preferences where user_id = $1`, [user]);
    expect(rows).toEqual([{ applications: false, work: true }]);
  });

  test('an address the server refuses is marked failed, not retried', async () => {
    const { rows } = await db().query<{ id: string; email: string }>(`select p.id, p.email from app.applications a join app.profiles p on p.id = a.creator_id where a.id = $1`, [ids.application(6)]);
    refused.add(rows[0]!.email);
    await db().query(`update app.email_preferences set applications = true where user_id = $1`, [rows[0]!.id]);
    await db().query(`update app.applications set status = 'rejected' where id = $1`, [ids.application(6)]);
    expect(await drain()).toMatchObject({ status: 200, body: { sent: 0, failed: 1 } });
    const failure = await db().query(`select reason from app.email_failures where address = lower($1)`, [rows[0]!.email]);
    expect(failure.rows).toEqual([{ reason: expect.stringMatching(/550/) }]);
    await server.close();
  });
});
