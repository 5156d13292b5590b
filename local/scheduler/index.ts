import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpService, StackContext } from '../context.ts';
import { readBody, sendJson } from '../http/io.ts';
import { type CronSchedule, parseCron } from './cron.ts';

interface Job {
  name: string;
  schedule: CronSchedule;
  sqlCommand: string | null;
  functionPath: string | null;
}

export interface Scheduler {
  /** Runs every job once now (or with the database clock set to `at`); returns the names run. */
  runAll(at?: Date): Promise<string[]>;
  /** `POST /_test/scheduler/run {at?}`: served only when LOCAL_TEST_HOOKS=1 (e2e tests move the clock). */
  testHook: HttpService;
  close(): Promise<void>;
}

/**
 * Runs app.scheduled_jobs as pg_cron does on hosted Supabase: each minute, the jobs whose schedule
 * matches; SQL as the `postgres` role, edge functions by POST with the service role key. A job still
 * running when its next minute comes is not started twice here (the database makes overlapping runs
 * safe anyway). Failures are logged and the next tick tries again.
 */
export async function startScheduler(ctx: StackContext, opts: { functionsUrl: () => string; tick?: boolean }): Promise<Scheduler> {
  // A database migrated by another project (the functions tests' fixtures) has no schedule: nothing to run.
  const present = await ctx.db.query<{ ok: boolean }>(`select to_regclass('app.scheduled_jobs') is not null as ok`);
  const { rows } = present.rows[0]?.ok
    ? await ctx.db.query<{ name: string; schedule: string; sql_command: string | null; function_path: string | null }>(
        `select name, schedule, sql_command, function_path from app.scheduled_jobs order by name`,
      )
    : { rows: [] };
  const jobs: Job[] = rows.map((r) => ({ name: r.name, schedule: parseCron(r.schedule), sqlCommand: r.sql_command, functionPath: r.function_path }));
  const running = new Set<string>();

  async function run(job: Job, at?: Date): Promise<void> {
    if (job.sqlCommand) {
      const sql = job.sqlCommand;
      await ctx.db.withConnection(async (q) => {
        await q.exec('begin');
        try {
          await q.exec('set local role postgres');
          if (at) await q.query(`select set_config('app.scheduler_clock', $1, true)`, [at.toISOString()]);
          await q.query(sql);
          await q.exec('commit');
        } catch (e) {
          await q.exec('rollback');
          throw e;
        }
      });
      return;
    }
    const res = await fetch(`${opts.functionsUrl()}/functions/v1/${job.functionPath}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ctx.config.serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(at ? { at: at.toISOString() } : {}),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${job.functionPath} answered ${res.status}: ${text.slice(0, 300)}`);
  }

  async function runGuarded(job: Job, at?: Date): Promise<void> {
    if (running.has(job.name)) return;
    running.add(job.name);
    try {
      await run(job, at);
    } catch (e) {
      ctx.log(`scheduler: ${job.name} failed: ${(e as Error).message}`);
      throw e;
    } finally {
      running.delete(job.name);
    }
  }

  let timer: NodeJS.Timeout | undefined;
  function scheduleNextTick(): void {
    const now = Date.now();
    timer = setTimeout(() => {
      const at = new Date(Math.round(Date.now() / 60_000) * 60_000);
      for (const job of jobs) if (job.schedule.matches(at)) runGuarded(job).catch(() => undefined);
      scheduleNextTick();
    }, 60_000 - (now % 60_000) + 50);
    timer.unref();
  }
  if (opts.tick !== false) scheduleNextTick();

  async function runAll(at?: Date): Promise<string[]> {
    for (const job of jobs) await runGuarded(job, at);
    return jobs.map((j) => j.name);
  }

  return {
    runAll,
    testHook: {
      async handle(req: IncomingMessage, res: ServerResponse, subpath: string): Promise<void> {
        if (subpath !== '/scheduler/run' || req.method !== 'POST') return sendJson(res, 404, { message: 'Not found' });
        const raw = (await readBody(req, 4096)).toString('utf8');
        let body: { at?: unknown } | null = null;
        try {
          body = raw ? (JSON.parse(raw) as { at?: unknown }) : null;
        } catch {
          return sendJson(res, 400, { message: 'Expected a JSON body' });
        }
        const at = typeof body?.at === 'string' ? new Date(body.at) : undefined;
        if (at && Number.isNaN(at.getTime())) return sendJson(res, 400, { message: 'at must be an ISO time' });
        try {
          sendJson(res, 200, { ran: await runAll(at) });
        } catch (e) {
          sendJson(res, 500, { message: (e as Error).message });
        }
      },
    },
    async close() {
      if (timer) clearTimeout(timer);
    },
  };
}
