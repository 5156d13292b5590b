import type { Page, Response } from '@playwright/test';

/**
 * Collects what a page reports as wrong: console.error, uncaught page errors, any 5xx response, and an rpc
 * the app sent a malformed value to (a 400 with Postgres's 22P02, such as a word from the URL where a uuid
 * belongs). Other 4xx answers and the browser's own "Failed to load resource" lines for them are not errors
 * of the app (a wrong password is a 400 by contract), so they are not counted. Returns a function that
 * waits for the 400 bodies still being read.
 */
export function watchPageProblems(page: Page, problems: string[]): () => Promise<void> {
  const bodiesRead: Promise<void>[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(msg.text())) return;
    problems.push(`console.error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('response', (res) => {
    if (res.status() >= 500) problems.push(`${res.status()} from ${res.request().method()} ${res.url()}`);
    else if (res.status() === 400 && res.url().includes('/rest/v1/rpc/')) bodiesRead.push(reportMalformedArgument(res, problems));
  });
  return async () => {
    await Promise.all(bodiesRead);
  };
}

/** Adds a problem when an rpc's 400 is Postgres refusing the value the app sent (22P02, invalid text representation). */
async function reportMalformedArgument(res: Response, problems: string[]): Promise<void> {
  // A body the browser has already dropped (the page moved on) cannot be read; nothing to report then.
  const body = (await res.json().catch(() => null)) as { code?: string; message?: string } | null;
  if (body?.code === '22P02') problems.push(`400 (22P02 ${body.message ?? ''}) from ${res.request().method()} ${res.url()} ${res.request().postData() ?? ''}`);
}
