import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from './catcher.ts';
import { createMailer } from './send.ts';

let catcher: MailCatcher;

beforeAll(async () => {
  catcher = await startMailCatcher({ host: '127.0.0.1', port: 0, limit: 3 });
});
afterAll(() => catcher?.close());

it('keeps only the latest `limit` messages, newest first', async () => {
  const mailer = createMailer(() => ({ host: catcher.host, port: catcher.port, secure: false, from: 'Test <t@example.test>' }));
  for (let i = 1; i <= 5; i++) await mailer.send({ to: `u${i}@example.test`, subject: `mail ${i}`, html: `<p>${i}</p>`, text: `${i}` });
  const kept = catcher.list();
  expect(kept.map((m) => m.subject)).toEqual(['mail 5', 'mail 4', 'mail 3']);
  expect(kept[0]).toMatchObject({ to: ['u5@example.test'], from: expect.stringContaining('<t@example.test>'), html: '<p>5</p>', text: '5' });
  expect(catcher.get(kept[2]!.id)?.subject).toBe('mail 3');
  catcher.clear();
  expect(catcher.list()).toEqual([]);
});

it('keeps what an email carries attached, bytes intact, numbered as parts', async () => {
  const mailer = createMailer(() => ({ host: catcher.host, port: catcher.port, secure: false, from: 'Test <t@example.test>' }));
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from([0, 1, 2, 250, 255])]);
  await mailer.send({ to: 'brand@example.test', subject: 'Receipt', html: '<p>r</p>', text: 'r', attachments: [{ filename: 'R-2026-000001.pdf', contentType: 'application/pdf', content: pdf }] });
  const [mail] = catcher.list();
  expect(mail!.attachments).toEqual([{ partId: '1', filename: 'R-2026-000001.pdf', contentType: 'application/pdf', size: pdf.length, content: pdf }]);
});
