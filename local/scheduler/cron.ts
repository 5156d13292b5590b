/**
 * The subset of cron syntax app.scheduled_jobs uses (five fields, UTC): `*`, numbers, lists `a,b`,
 * ranges `a-b` and steps `*\/n` or `a-b/n`. Day-of-month and day-of-week combine as cron does: when both
 * are restricted, either may match.
 */
export interface CronSchedule {
  matches(at: Date): boolean;
}

const LIMITS: ReadonlyArray<[number, number]> = [[0, 59], [0, 23], [1, 31], [1, 12], [0, 6]];

function field(text: string, [min, max]: [number, number]): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const [range, stepText] = part.split('/') as [string, string | undefined];
    const step = stepText === undefined ? 1 : Number(stepText);
    const [from, to] = range === '*' ? [min, max] : range.includes('-') ? range.split('-').map(Number) as [number, number] : [Number(range), stepText ? max : Number(range)];
    if (![step, from, to].every(Number.isInteger) || step < 1 || from < min || to > max || from > to) {
      throw new Error(`invalid cron field "${text}"`);
    }
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return values;
}

export function parseCron(expression: string): CronSchedule {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`a cron schedule has five fields: "${expression}"`);
  const [minute, hour, dom, month, dow] = parts.map((p, i) => field(p, LIMITS[i]!)) as [Set<number>, Set<number>, Set<number>, Set<number>, Set<number>];
  const domAny = parts[2] === '*';
  const dowAny = parts[4] === '*';
  return {
    matches(at: Date): boolean {
      if (!minute.has(at.getUTCMinutes()) || !hour.has(at.getUTCHours()) || !month.has(at.getUTCMonth() + 1)) return false;
      const domOk = dom.has(at.getUTCDate());
      const dowOk = dow.has(at.getUTCDay());
      if (domAny || dowAny) return domOk && dowOk;
      return domOk || dowOk;
    },
  };
}
