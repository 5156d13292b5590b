import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PUBLIC_CAMPAIGN_RENDERER } from '../web/build/public-campaign-files.ts';
import { PUBLIC_CAMPAIGN_DATA_ID, PUBLIC_CAMPAIGN_TEMPLATE_PREFIX } from '../web/src/config/public-campaign-page.ts';

type Render = (campaign: Record<string, unknown>) => Promise<Record<string, string>>;

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
 * Writes the screen with the build's own renderer (web/build/public-campaign-renderer.ts), loaded when a
 * public page is first asked for (about 2 s, and memory the stack does not spend otherwise: decision 0008),
 * never waited for: until it is in, and with a build without it, the page goes as built and the app draws
 * the campaign once its data is in, as on a static host.
 */
export function createPublicCampaignPage(webDist: string): PublicCampaignPage {
  let render: Render | undefined;
  let loading: Promise<void> | undefined;
  // One render at a time: the renderer switches its language for each (module state).
  let queue: Promise<unknown> = Promise.resolve();
  const load = async (): Promise<void> => {
    const file = path.join(webDist, PUBLIC_CAMPAIGN_RENDERER);
    if (!(await stat(file).catch(() => undefined))) return;
    // The app's configuration module reads the page's address when it loads (web/src/config/env.ts), and
    // supabase-js wants a WebSocket constructor at creation (Node 20 has none): given for the import only,
    // then taken away, so nothing else in this process thinks it runs in a browser. Nothing connects.
    const g = globalThis as { window?: unknown; WebSocket?: unknown };
    const hadWindow = 'window' in g;
    const hadWebSocket = g.WebSocket !== undefined;
    if (!hadWindow) g.window = { location: new URL('http://localhost/') };
    if (!hadWebSocket) g.WebSocket = class {};
    try {
      render = ((await import(pathToFileURL(file).href)) as { renderPublicCampaign: Render }).renderPublicCampaign;
    } finally {
      if (!hadWindow) delete g.window;
      if (!hadWebSocket) delete g.WebSocket;
    }
  };
  const warm = () => {
    loading ??= load().catch(() => undefined);
  };
  return {
    warm,
    async write(html, campaign) {
      warm();
      const ready = render;
      if (!ready) return html;
      const screens = queue.then(() => ready(campaign));
      queue = screens.catch(() => undefined);
      return injectCampaignScreen(html, campaign, await screens);
    },
  };
}
