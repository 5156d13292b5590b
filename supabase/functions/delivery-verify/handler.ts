import { isPlatform } from '../_shared/platforms/oauth.ts';
import { runCheck } from '../_shared/delivery/run-check.ts';
import { type DueSnapshot, takeSnapshot } from '../_shared/delivery/take-snapshot.ts';
import type { FunctionEnv } from '../_shared/function-env.ts';
import { HttpError, invalid } from '../_shared/http-error.ts';
import { jsonHandler } from '../_shared/json-handler.ts';
import { asObject } from '../_shared/parse-input.ts';
import { callRpc } from '../_shared/rpc.ts';
import { serviceRoleClientBypassingRls } from '../_shared/service-role-client-bypasses-rls.ts';
import { type ApiClient, userClient } from '../_shared/user-client.ts';
import { checkDeps, snapshotDeps } from './wiring.ts';

/** Rows per scheduled run: the job runs every 5 minutes, so a backlog drains over runs instead of one long call. */
export const RUN_BATCH = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The `delivery-verify` edge function (verify_jwt = true; decision 0055):
 *   POST /delivery-verify/run {at?} -> 200 {checked, snapshots, failed}   the scheduler (service role key only):
 *     the due delivery checks and the due 24 h / 7 d / 30 d readings, each recorded once. `at` is the
 *     scheduler's clock as the local stack's test hook gives it (POST /_test/scheduler/run {at}); the readings
 *     due by then are taken and dated then. Hosted pg_cron sends none: the database's clock.
 *   POST /delivery-verify {deliverable_id} -> 200 {outcome}   a party of the hire right after submitting:
 *     checks a pending check at once (the scheduled run would otherwise pick it up).
 */
export function createDeliveryVerifyHandler(env: FunctionEnv, log: (line: string) => void = console.error, fetchFn: typeof fetch = fetch) {
  const service = serviceRoleClientBypassingRls(env);
  return jsonHandler(async (req, ctx) => {
    if (req.method !== 'POST') throw new HttpError(405, 'Method not allowed', 'method_not_allowed');
    const bearer = ctx.requireBearer();
    if (ctx.path === '/delivery-verify/run') {
      if (bearer !== env.serviceRoleKey) throw new HttpError(403, 'Only the scheduler runs the delivery checks', 'not_scheduler');
      return { status: 200, body: await runDue(service, log, fetchFn, schedulerClock(await ctx.text())) };
    }
    if (ctx.path !== '/delivery-verify') throw new HttpError(404, 'Not found', 'not_found');
    const id = asObject(await ctx.json()).deliverable_id;
    if (typeof id !== 'string' || !UUID.test(id)) throw invalid('deliverable_id', 'deliverable_id must be a uuid');
    // The caller's own client: delivery_proof answers only the hire's creator, its brand and admins (404 otherwise).
    const proof = await callRpc<{ outcome: string }>(userClient(env, bearer, ctx.forwardedFor), 'delivery_proof', { deliverable_id: id });
    if (proof.outcome !== 'pending') return { status: 200, body: { outcome: proof.outcome } };
    const decision = await runCheck(id, checkDeps(service, fetchFn));
    return { status: 200, body: { outcome: decision?.outcome ?? proof.outcome } };
  }, { name: 'delivery-verify', log });
}

/** The run's `at` (an ISO time) from its body; none (or an empty body) is the database's clock. */
function schedulerClock(raw: string): Date | undefined {
  if (raw.trim() === '') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new HttpError(400, 'Expected a JSON body', 'bad_json');
  }
  const at = asObject(body).at;
  if (at === undefined || at === null) return undefined;
  const clock = typeof at === 'string' ? new Date(at) : undefined;
  if (!clock || Number.isNaN(clock.getTime())) throw invalid('at', 'at must be an ISO time');
  return clock;
}

export async function runDue(service: ApiClient, log: (line: string) => void, fetchFn: typeof fetch, at?: Date) {
  let checked = 0;
  let snapshots = 0;
  let failed = 0;
  const checks = await callRpc<string[]>(service, 'due_delivery_checks', { max_rows: RUN_BATCH });
  const cDeps = checkDeps(service, fetchFn);
  for (const id of checks) {
    try {
      await runCheck(id, cDeps);
      checked++;
    } catch (e) {
      // One row's database error must not stop the others; the row stays due and the next run takes it.
      failed++;
      log(`delivery-verify: check ${id}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const due = await callRpc<Array<{ deliverable_id: string; checkpoint: string; creator_id: string | null; platform: string | null; post_id: string | null }>>(
    service, 'due_post_snapshots', { max_rows: RUN_BATCH, ...(at ? { at: at.toISOString() } : {}) });
  const sDeps = snapshotDeps(service, fetchFn, at);
  for (const row of due) {
    const item: DueSnapshot = { deliverableId: row.deliverable_id, checkpoint: row.checkpoint, creatorId: row.creator_id,
      platform: isPlatform(row.platform) ? row.platform : null, postId: row.post_id };
    try {
      await takeSnapshot(item, sDeps);
      snapshots++;
    } catch (e) {
      failed++;
      log(`delivery-verify: snapshot ${row.deliverable_id}/${row.checkpoint}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return { checked, snapshots, failed };
}
