import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../config.ts';
import { resolveDenoBinary } from '../functions/deno-binary.ts';
import { stripeFunctionEnv } from './config.ts';
import { startDouble, type DoubleHarness } from '../../testkit/stripe.ts';

let h: DoubleHarness;
beforeAll(async () => {
  h = await startDouble({ STRIPE_WEBHOOK_EVENTS: 'none' });
});
afterAll(() => h.close());

describe('the stripe SDK under Deno, as edge functions run it', () => {
  it('reaches the double through STRIPE_API_HOST/PORT/PROTOCOL from stripeFunctionEnv', async () => {
    const fnEnv = stripeFunctionEnv(h.stack, {});
    expect(fnEnv.STRIPE_API_HOST).toBe('127.0.0.1');
    const { stdout } = await promisify(execFile)(
      resolveDenoBinary(),
      ['run', '--quiet', '--config', path.join(repoRoot, 'supabase', 'functions', 'deno.json'), '--allow-env', '--allow-net', '--allow-read',
        path.join(repoRoot, 'local', 'stripe', 'fixtures', 'deno-stripe-probe.js')],
      { env: { ...process.env, ...fnEnv, NO_COLOR: '1' }, timeout: 60_000 },
    );
    const seen = JSON.parse(stdout.trim().split('\n').pop()!) as { id: string; replayedId: string; status: string; declineClass: string };
    expect(seen.id).toMatch(/^pi_/);
    expect(seen.replayedId).toBe(seen.id);
    expect(seen.status).toBe('succeeded');
    expect(seen.declineClass).toBe('StripeCardError');
    expect((await h.stripe().paymentIntents.retrieve(seen.id)).metadata).toEqual({ deliverable_id: 'deno' });
  });
});
