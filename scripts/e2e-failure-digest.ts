import { readFileSync } from 'node:fs';

/**
 * A few lines per failed test from Playwright's JSON report: project, title, where it failed and the
 * first lines of the error. The list reporter prints everything as it goes; a CI log is often read from
 * its end, so this digest is printed last, where a failure's cause is seen without scrolling.
 */

interface JsonError {
  message?: string;
  location?: { file: string; line: number; column: number };
}
interface JsonResult {
  status: string;
  errors?: JsonError[];
}
interface JsonTest {
  projectName: string;
  results: JsonResult[];
}
interface JsonSpec {
  title: string;
  file: string;
  line: number;
  tests: JsonTest[];
}
interface JsonSuite {
  title: string;
  specs?: JsonSpec[];
  suites?: JsonSuite[];
}

/** ANSI colour codes. */
const ANSI = /\u001b\[[0-9;]*m/g;

export function failureDigest(reportPath: string, linesPerError = 4): string[] {
  const report = JSON.parse(readFileSync(reportPath, 'utf8')) as { suites: JsonSuite[] };
  const out: string[] = [];
  const walk = (suite: JsonSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const failed = test.results.filter((r) => r.status === 'failed' || r.status === 'timedOut' || r.status === 'interrupted');
        for (const r of failed) {
          const where = r.errors?.find((e) => e.location)?.location;
          out.push(`[${test.projectName}] ${[...titles, spec.title].join(' › ')} (${r.status}) at ${where ? `${where.file.replace(/^.*\/e2e\//, 'e2e/')}:${where.line}` : `${spec.file}:${spec.line}`}`);
          const message = (r.errors?.[0]?.message ?? '').replace(ANSI, '').split('\n').filter((l) => l.trim() !== '');
          for (const line of message.slice(0, linesPerError)) out.push(`    ${line.slice(0, 200)}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.title ? [...titles, child.title] : titles);
  };
  for (const suite of report.suites) walk(suite, []);
  return out;
}
