import http from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids } from '../testkit/db/personas.ts';
import { openTestDatabase, type TestDatabase } from '../testkit/test-database.ts';
import { createPublicCampaignPage, injectCampaignScreen, jsonForScript } from './public-campaign-page.ts';
import { createPublicPageMeta } from './public-page-meta.ts';
import { createStaticHandler } from './static.ts';

// Decision 0040: /explore/<id> arrives with its campaign (JSON in <head>) and its first screen in each language
// (templates after #root), so its text is painted before any script. Titles are brands' input: an XSS title
// stays text in both.

const INDEX = `<!doctype html><html lang="es"><head><meta charset="utf-8" />
<meta name="description" content="Generic description." />
<title>Creator Marketplace</title></head><body><div id="root"></div><script>/* shell */</script></body></html>`;

const EVIL = '</script><script>alert(1)</script><!-- $& \u2028';

describe('the campaign written into the page', () => {
  it('JSON in a script element cannot end it, open a comment or break a line', () => {
    const json = jsonForScript({ title: EVIL });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ title: EVIL });
  });

  it('puts the data first in <head> and the screens right after #root, before the page scripts', () => {
    const html = injectCampaignScreen(INDEX, { id: 'x', title: EVIL }, { es: '<p>hola $&amp;</p>', en: '<p>hi</p>' });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/^<!doctype html><html lang="es"><head>\n {4}<script type="application\/json" id="public-campaign-data">\{"id":"x","title":"\\u003c\/script\\u003e/);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('<div id="root"></div><template id="screen-explore-campaign-es"><p>hola $&amp;</p></template><template id="screen-explore-campaign-en"><p>hi</p></template><script>/* shell */</script>');
  });

  it('leaves a page without the places it writes to as it is', () => {
    expect(injectCampaignScreen('<p>no head</p>', { id: 'x' }, { es: 'a' })).toBe('<p>no head</p>');
  });
});

describe('a campaign page served by the stack', () => {
  let t: TestDatabase;
  let dir: string;
  let server: http.Server;
  let base: string;
  const rendered: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    t = await openTestDatabase({ seed: true });
    await t.db.query('update app.campaigns set title = $1 where id = $2', [EVIL, ids.campaign(1)]);
    dir = await mkdtemp(path.join(os.tmpdir(), 'public-campaign-page-'));
    await writeFile(path.join(dir, 'index.html'), INDEX);
    const campaignPage = {
      warm: () => undefined,
      write: async (html: string, campaign: Record<string, unknown>) => {
        rendered.push(campaign);
        return injectCampaignScreen(html, campaign, { es: '<h1>es</h1>', en: '<h1>en</h1>' });
      },
    };
    const serve = createStaticHandler(dir, { pageMeta: createPublicPageMeta(t.db, 'https://market.test'), campaignPage });
    server = http.createServer((req, res) => void serve(req, res, new URL(req.url!, 'http://x').pathname));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    server?.close();
    await rm(dir, { recursive: true, force: true });
    await t?.drop();
  });

  it("carries the row api.public_campaign gives anon, the XSS title as data only", async () => {
    const html = await (await fetch(`${base}/explore/${ids.campaign(1)}`)).text();
    const json = /<script type="application\/json" id="public-campaign-data">([^<]*)<\/script>/.exec(html)?.[1];
    const row = JSON.parse(json!) as Record<string, unknown>;
    expect(row.id).toBe(ids.campaign(1));
    expect(row.title).toBe(EVIL);
    expect(row.brand_name).toBe('GlowLab Skincare');
    expect(Object.keys(row).sort()).toEqual(Object.keys(rendered[0]!).sort());
    // What the app's rpc receives: no applicant data, timestamps as PostgREST writes them.
    expect(row).not.toHaveProperty('applicant_count');
    expect(String(row.deadline)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('<template id="screen-explore-campaign-en"><h1>en</h1></template>');
  });

  it('serves the page as built from a folder without a renderer, and while it loads; then with its screens', async () => {
    expect(await createPublicCampaignPage(dir).write(INDEX, { id: 'x' })).toBe(INDEX);
    const built = await mkdtemp(path.join(os.tmpdir(), 'public-campaign-renderer-'));
    try {
      await mkdir(path.join(built, '_server'));
      // A stand-in for the built renderer: it sees the browser globals the app's modules read, in its thread only.
      await writeFile(
        path.join(built, '_server', 'public-campaign.mjs'),
        'export async function renderPublicCampaign(c) { return { es: `<h1>${c.id} ${typeof window}</h1>`, en: "<h1>en</h1>" }; }',
      );
      const page = createPublicCampaignPage(built);
      expect(await page.write(INDEX, { id: 'x' })).toBe(INDEX);
      let html = INDEX;
      for (let i = 0; i < 100 && html === INDEX; i++) {
        await new Promise((r) => setTimeout(r, 100));
        html = await page.write(INDEX, { id: 'y' });
      }
      expect(html).toContain('<template id="screen-explore-campaign-es"><h1>y object</h1></template>');
      expect('window' in globalThis).toBe(false);
    } finally {
      await rm(built, { recursive: true, force: true });
    }
  });

  it('a draft or unknown campaign gets no screen, and the server module is never served', async () => {
    for (const n of [5, 10]) {
      const html = await (await fetch(`${base}/explore/${ids.campaign(n)}`)).text();
      expect(html).not.toContain('public-campaign-data');
    }
    await mkdir(path.join(dir, '_server'));
    await writeFile(path.join(dir, '_server', 'public-campaign.mjs'), 'export const x = 1;');
    expect(await (await fetch(`${base}/_server/public-campaign.mjs`)).text()).toBe(INDEX);
  });
});
