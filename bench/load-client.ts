// The browsers of `npm run bench:load`, on a thread of their own so that sending load does not take the
// stack's thread. Open loop: request k is due at a time fixed in advance (Poisson arrivals at the rate asked),
// sent then whether or not earlier ones have been answered, and its latency counts from that due time, so a
// stall in the stack shows in the figures instead of quietly slowing the load down (coordinated omission).
import { parentPort, workerData } from 'node:worker_threads';
import { pickStep, STEPS, type LoadWorld, type MixState, type Request } from './load-mix.ts';

export interface RunCommand {
  rate: number;
  seconds: number;
  /** A client gives up after this long (what a browser's fetch wrapper would do); counted as a timeout. */
  timeoutMs: number;
}

export interface StepFigures {
  name: string;
  sent: number;
  ok: number;
  /** 503 with a Retry-After header: refused by the stack's admission gate. */
  shed: number;
  /** 503s without Retry-After: should never happen. */
  shedWithoutRetryAfter: number;
  timeouts: number;
  /** Any other failure (another status, a reset connection), with the first few reasons. */
  errors: number;
  reasons: string[];
  /** Latencies of answered requests (ok or shed), ms from the due time. */
  p50: number;
  p95: number;
  p99: number;
}

export interface RunFigures {
  steps: StepFigures[];
  all: StepFigures;
  /** Writes the stack acknowledged (2xx), to compare with what the database holds afterwards. */
  acknowledged: { applications: number; messages: number };
  /** Seconds from the first due time to the last answer. */
  elapsedS: number;
  /** How late the generator itself fired, p99 (ms): if large, the generator, not the stack, is the limit. */
  fireLagP99: number;
}

const world = workerData as LoadWorld;
const state: MixState = { applied: new Set() };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

interface Tally {
  sent: number;
  ok: number;
  shed: number;
  shedWithoutRetryAfter: number;
  timeouts: number;
  errors: number;
  reasons: string[];
  latencies: number[];
}

const newTally = (): Tally => ({ sent: 0, ok: 0, shed: 0, shedWithoutRetryAfter: 0, timeouts: 0, errors: 0, reasons: [], latencies: [] });

async function send(req: Request, timeoutMs: number): Promise<Response> {
  const signIn = req.path.startsWith('/auth/v1/token');
  const headers: Record<string, string> = { apikey: world.anonKey, 'content-type': 'application/json' };
  if (!signIn) {
    headers.authorization = `Bearer ${req.user.token}`;
    headers['content-profile'] = 'api';
  }
  const body = signIn ? { email: req.user.email, password: world.password } : req.body;
  return fetch(world.url + req.path, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
}

async function run(cmd: RunCommand): Promise<RunFigures> {
  const tallies = new Map(STEPS.map((s) => [s.name, newTally()]));
  const acknowledged = { applications: 0, messages: 0 };
  const lags: number[] = [];
  const inflight = new Set<Promise<void>>();
  const start = performance.now() + 20;
  const end = start + cmd.seconds * 1000;
  let due = start;

  const fire = (dueAt: number) => {
    lags.push(performance.now() - dueAt);
    const step = pickStep();
    const req = step.build(world, state);
    if (!req) return;
    const t = tallies.get(step.name)!;
    t.sent += 1;
    const p = send(req, cmd.timeoutMs)
      .then(async (res) => {
        const text = await res.text();
        const latency = performance.now() - dueAt;
        if (res.ok) {
          t.ok += 1;
          t.latencies.push(latency);
          if (step.write) acknowledged[step.write] += 1;
          if (step.name === 'sign-in') req.user.token = (JSON.parse(text) as { access_token: string }).access_token;
        } else if (res.status === 503) {
          t.latencies.push(latency);
          if (res.headers.get('retry-after')) t.shed += 1;
          else t.shedWithoutRetryAfter += 1;
        } else {
          t.errors += 1;
          if (t.reasons.length < 3) t.reasons.push(`${res.status} ${text.slice(0, 120)}`);
        }
      })
      .catch((e: Error) => {
        if (e.name === 'TimeoutError') t.timeouts += 1;
        else {
          t.errors += 1;
          if (t.reasons.length < 3) t.reasons.push(String(e.cause ?? e.message));
        }
      })
      .finally(() => inflight.delete(p));
    inflight.add(p);
  };

  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (due <= now && due < end) {
        fire(due);
        // Exponential gaps: Poisson arrivals, bursts and lulls as independent browsers make them.
        due += (-Math.log(1 - Math.random()) * 1000) / cmd.rate;
      }
      if (due < end) setTimeout(tick, Math.max(0, due - performance.now()));
      else resolve();
    };
    setTimeout(tick, Math.max(0, start - performance.now()));
  });
  while (inflight.size) await Promise.all([...inflight]);
  const elapsedS = (performance.now() - start) / 1000;

  const figures = (name: string, t: Tally): StepFigures => {
    const sorted = t.latencies.sort((a, b) => a - b);
    const { latencies: _, ...counts } = t;
    return { name, ...counts, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
  };
  const all = newTally();
  for (const t of tallies.values()) {
    for (const k of ['sent', 'ok', 'shed', 'shedWithoutRetryAfter', 'timeouts', 'errors'] as const) all[k] += t[k];
    all.reasons.push(...t.reasons.slice(0, 1));
    all.latencies.push(...t.latencies);
  }
  lags.sort((a, b) => a - b);
  return {
    steps: [...tallies].map(([name, t]) => figures(name, t)),
    all: figures('all', all),
    acknowledged,
    elapsedS,
    fireLagP99: percentile(lags, 99),
  };
}

parentPort!.on('message', (cmd: RunCommand) => {
  run(cmd).then(
    (figures) => parentPort!.postMessage({ type: 'done', figures }),
    (e: Error) => parentPort!.postMessage({ type: 'error', message: e.stack ?? e.message }),
  );
});
