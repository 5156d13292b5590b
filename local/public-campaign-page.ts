import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PUBLIC_CAMPAIGN_RENDERER } from '../web/build/public-campaign-files.ts';
import { PUBLIC_CAMPAIGN_DATA_ID, PUBLIC_CAMPAIGN_TEMPLATE_PREFIX } from '../web/src/config/public-campaign-page.ts';

/**
 * JSON inside a <script> element: nothing in it can close the element or open a comment (a title holding
 * "</script>" stays text), and the two line separators JavaScript once refused stay escaped.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * index.html with a public campaign's first screen written in (decision 0040): the campaign (as
 * api.public_campaign returns it to the app) as JSON at the start of <head>, where index.html's scripts
 * look for it, and the screen React draws with it, in each language, as templates after #root; the shell
 * script shows the visitor's. `screens` is what src/app/prerender-public-campaign.tsx rendered: React has
 * escaped every text in it.
 */
export function injectCampaignScreen(html: string, campaign: Record<string, unknown>, screens: Record<string, string>): string {
  const data = `<script type="application/json" id="${PUBLIC_CAMPAIGN_DATA_ID}">${jsonForScript(campaign)}</script>`;
  const templates = Object.entries(screens)
    .map(([lang, body]) => `<template id="${PUBLIC_CAMPAIGN_TEMPLATE_PREFIX}${lang}">${body}</template>`)
    .join('');
  if (!/<head[^>]*>/.test(html) || !html.includes('<div id="root"></div>')) return html;
  // Replacement functions, not strings: a '$&' in a title must stay text.
  return html.replace(/<head[^>]*>/, (head) => `${head}\n    ${data}`).replace('<div id="root"></div>', () => `<div id="root"></div>${templates}`);
}

/** What the static handler asks of it (local/static.ts). */
export interface PublicCampaignPage {
  /** Starts loading the renderer (any public page asked for: a campaign's is likely next). */
  warm(): void;
  /** The page with the campaign's screen written in; as given while the renderer is still loading. */
  write(html: string, campaign: Record<string, unknown>): Promise<string>;
}

/**
 * The renderer runs in a worker thread of its own: importing it (2.6 MB) and rendering are CPU work that
 * would otherwise hold the stack's event loop (seconds on a busy machine, every request waiting), and the
 * browser globals the app's modules read when they load (web/src/config/env.ts reads the page's address;
 * supabase-js wants a WebSocket constructor, which Node 20 lacks; nothing connects) stay in that thread.
 * Renders are serialised there: the renderer switches its language for each (module state).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
globalThis.window = { location: new URL('http://localhost/') };
if (typeof globalThis.WebSocket === 'undefined') globalThis.WebSocket = class {};
import(workerData.url).then((mod) => {
  let queue = Promise.resolve();
  parentPort.on('message', ({ id, campaign }) => {
    queue = queue.then(() => mod.renderPublicCampaign(campaign)).then(
      (screens) => parentPort.postMessage({ id, screens }),
      (e) => parentPort.postMessage({ id, error: String(e && e.message || e) }),
    );
  });
  parentPort.postMessage({ ready: true });
}, (e) => parentPort.postMessage({ failed: String(e && e.message || e) }));
`;

/** How long a page waits for its screen before it goes as built. */
const RENDER_WAIT_MS = 1_000;

/**
 * Writes the screen with the build's own renderer (web/build/public-campaign-renderer.ts), started when a
 * public page is first asked for (memory an idle stack does not otherwise spend: decision 0008) and never
 * waited for: until it is in, with a build without it, or when a render is late, the page goes as built
 * and the app draws the campaign once its data is in, as on a static host.
 */
export function createPublicCampaignPage(webDist: string): PublicCampaignPage {
  let worker: Worker | undefined;
  let ready = false;
  let next = 0;
  const pending = new Map<number, (screens: Record<string, string> | undefined) => void>();
  const warm = () => {
    if (worker) return;
    const file = path.join(webDist, PUBLIC_CAMPAIGN_RENDERER);
    if (!existsSync(file)) return;
    worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { url: pathToFileURL(file).href } });
    // The stack's process ends when it is told to, whatever the worker is doing.
    worker.unref();
    worker.on('message', (m: { ready?: boolean; failed?: string; id?: number; screens?: Record<string, string>; error?: string }) => {
      if (m.ready) ready = true;
      if (m.id === undefined) return;
      pending.get(m.id)?.(m.error ? undefined : m.screens);
      pending.delete(m.id);
    });
    worker.on('error', () => {
      ready = false;
      for (const done of pending.values()) done(undefined);
      pending.clear();
    });
  };
  return {
    warm,
    async write(html, campaign) {
      warm();
      if (!ready || !worker) return html;
      const id = next++;
      const screens = await new Promise<Record<string, string> | undefined>((resolve) => {
        pending.set(id, resolve);
        setTimeout(() => {
          pending.delete(id);
          resolve(undefined);
        }, RENDER_WAIT_MS).unref();
        worker!.postMessage({ id, campaign });
      });
      return screens ? injectCampaignScreen(html, campaign, screens) : html;
    },
  };
}
