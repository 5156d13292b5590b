import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { lstat, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDouble, startWebhookReceiver } from '../../testkit/stripe.ts';
import { StripeStore } from './store.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'stripe-double-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('state file', () => {
  it('keeps payments, idempotency keys and events across a restart', async () => {
    const file = path.join(dir, 'restart.json');
    const first = await startDouble({ STRIPE_STATE_FILE: file, STRIPE_WEBHOOK_EVENTS: 'none' });
    const pi = await first.stripe().paymentIntents.create({ amount: 3000, currency: 'usd', allowed_payment_method_types: ['card'] }, { idempotencyKey: 'deliverable-42' });
    await first.stripe().paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' });
    await first.close();
    const saved = JSON.parse(await readFile(file, 'utf8')) as { version: number; paymentIntents: Record<string, { status: string }> };
    expect(saved.version).toBe(1);
    expect(saved.paymentIntents[pi.id]!.status).toBe('succeeded');

    const second = await startDouble({ STRIPE_STATE_FILE: file, STRIPE_WEBHOOK_EVENTS: 'none' });
    try {
      const stripe = second.stripe();
      expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('succeeded');
      const replay = await stripe.paymentIntents.create({ amount: 3000, currency: 'usd', allowed_payment_method_types: ['card'] }, { idempotencyKey: 'deliverable-42' });
      expect(replay.id).toBe(pi.id);
      const events = await stripe.events.list({ type: 'payment_intent.succeeded' });
      expect(events.data.map((e) => (e.data.object as { id: string }).id)).toEqual([pi.id]);
    } finally {
      await second.close();
    }
  });

  it('delivers after a restart the events a previous run could not', async () => {
    const file = path.join(dir, 'pending.json');
    const first = await startDouble({ STRIPE_STATE_FILE: file, STRIPE_WEBHOOK_EVENTS: 'payment_intent.succeeded', STRIPE_WEBHOOK_URL: 'http://127.0.0.1:9/down', STRIPE_WEBHOOK_MAX_ATTEMPTS: '1' });
    const pi = await first.stripe().paymentIntents.create({ amount: 3000, currency: 'usd', allowed_payment_method_types: ['card'], confirm: true, payment_method: 'pm_card_visa' });
    await first.double.webhooksIdle();
    await first.close();

    const receiver = await startWebhookReceiver();
    const second = await startDouble({ STRIPE_STATE_FILE: file, STRIPE_WEBHOOK_EVENTS: 'payment_intent.succeeded', STRIPE_WEBHOOK_URL: receiver.url });
    try {
      await second.double.webhooksIdle();
      expect(receiver.events().map((e) => [e.type, e.data.object.id])).toEqual([['payment_intent.succeeded', pi.id]]);
      await expect.poll(async () => (await second.stripe().events.retrieve(receiver.events()[0]!.id)).pending_webhooks).toBe(0);
    } finally {
      await second.close();
      await receiver.close();
    }
  });

  it('sets an unreadable file aside and starts empty', async () => {
    const file = path.join(dir, 'broken.json');
    await writeFile(file, '{not json');
    const h = await startDouble({ STRIPE_STATE_FILE: file });
    try {
      expect((await h.stripe().paymentIntents.list()).data).toEqual([]);
      expect(h.logs.some((l) => l.includes('is unreadable') && l.includes('broken.json.unreadable-'))).toBe(true);
    } finally {
      await h.close();
    }
  });
});

// Issue 31 item 5: a save on a full disk left a zero-byte stripe-double.json.<pid>.tmp behind.
describe('state file on a full disk', () => {
  it('removes its temporary file when the save fails, and the leftovers of earlier runs when it opens', async () => {
    const file = path.join(dir, 'full-disk.json');
    // A run that died mid-save (its pid is gone) left its temporary file.
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((r) => dead.on('exit', r));
    const leftover = `${file}.${dead.pid}.tmp`;
    await writeFile(leftover, '');
    const store = await StripeStore.open(file, () => undefined);
    expect(existsSync(leftover)).toBe(false);

    // The temporary file this process writes, pointed at /dev/full: every write to it fails with ENOSPC.
    const tmp = `${file}.${process.pid}.tmp`;
    await symlink('/dev/full', tmp);
    await expect(store.save()).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(await lstat(tmp).catch(() => undefined)).toBeUndefined();
    expect(existsSync(file)).toBe(false);

    // Space again: the next save writes the file.
    await store.save();
    expect(JSON.parse(await readFile(file, 'utf8')).version).toBe(1);
  });
});
