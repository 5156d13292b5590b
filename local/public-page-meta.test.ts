import http from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids } from '../testkit/db/personas.ts';
import { openTestDatabase, type TestDatabase } from '../testkit/test-database.ts';
import { createPublicPageMeta, injectPageMeta, previewLanguage } from './public-page-meta.ts';
import { createStaticHandler } from './static.ts';

// Issue 32, item 1: a link preview (no JavaScript) of a public campaign shows its title and description,
// so the server writes them into index.html; everything it writes is escaped.

const INDEX = `<!doctype html><html lang="es"><head><meta charset="utf-8" />
<meta name="description" content="Generic description." />
<title>Creator Marketplace</title></head><body><div id="root"></div></body></html>`;

describe('injectPageMeta', () => {
  it('replaces the title and description and adds Open Graph tags, all escaped', () => {
    const html = injectPageMeta(INDEX, {
      title: 'Évil "title" </title><script>alert(1)</script>',
      description: "It's <b>bold</b> & more",
      url: 'https://example.test/explore/1?a=1&b="2"',
      type: 'article',
      locale: 'es',
    });
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<b>bold</b>');
    expect(html).toContain('<title>Évil &quot;title&quot; &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(html).toContain('<meta property="og:title" content="Évil &quot;title&quot; &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;" />');
    expect(html).toContain('<meta name="description" content="It&#39;s &lt;b&gt;bold&lt;/b&gt; &amp; more" />');
    expect(html).toContain('<meta property="og:description" content="It&#39;s &lt;b&gt;bold&lt;/b&gt; &amp; more" />');
    expect(html).toContain('<meta property="og:url" content="https://example.test/explore/1?a=1&amp;b=&quot;2&quot;" />');
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('<meta property="og:locale" content="es_ES" />');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<div id="root"></div>');
  });
});

describe('public page meta from the database', () => {
  let t: TestDatabase;
  let dir: string;
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    t = await openTestDatabase({ seed: true });
    dir = await mkdtemp(path.join(os.tmpdir(), 'public-meta-'));
    await writeFile(path.join(dir, 'index.html'), INDEX);
    const serve = createStaticHandler(dir, { pageMeta: createPublicPageMeta(t.db, 'https://market.test') });
    server = http.createServer((req, res) => void serve(req, res, new URL(req.url!, 'http://x').pathname));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    server?.close();
    await rm(dir, { recursive: true, force: true });
    await t?.drop();
  });

  const title = async (id: number) =>
    ((await t.db.query<{ title: string }>('select title from app.campaigns where id = $1', [ids.campaign(id)])).rows[0]!.title);

  it("an active campaign's raw HTML carries its title, brand and compensation, in the visitor's language", async () => {
    const name = await title(1);
    const es = await (await fetch(`${base}/explore/${ids.campaign(1)}`, { headers: { 'accept-language': 'es-MX,es;q=0.9' } })).text();
    expect(es).toContain(`<meta property="og:title" content="${name.replaceAll('&', '&amp;')} — GlowLab Skincare" />`);
    // The app's own money format for Spanish (es-419): "USD 500.00" in Node's ICU, "US$500.00" in some others.
    expect(es).toMatch(/<meta property="og:description" content="GlowLab Skincare busca creadores: (USD |US\$)[\d,.]+ · Tarifa fija\. Fecha límite: \d+ de \p{L}+ de \d{4}\. /u);
    expect(es).toContain(`<meta property="og:url" content="https://market.test/explore/${ids.campaign(1)}" />`);
    const en = await (await fetch(`${base}/explore/${ids.campaign(1)}`, { headers: { 'accept-language': 'en-US,en;q=0.9' } })).text();
    expect(en).toMatch(/<meta property="og:description" content="GlowLab Skincare is looking for creators: \$[\d,.]+ · Flat fee\. Deadline \p{L}+ \d+, \d{4}\. /u);
    expect(en).toContain('<meta property="og:locale" content="en_US" />');
    // Issue 37: a Brazilian visitor's preview, with Brazil's money ("US$ 500,00") and date formats.
    const pt = await (await fetch(`${base}/explore/${ids.campaign(1)}`, { headers: { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8' } })).text();
    expect(pt).toMatch(/<meta property="og:description" content="GlowLab Skincare procura criadores de conteúdo: US\$\s[\d.]+,\d{2} · Valor fixo\. Prazo: \d+ de \p{L}+ de \d{4}\. /u);
    expect(pt).toContain('<meta property="og:locale" content="pt_BR" />');
    const list = await (await fetch(`${base}/explore`, { headers: { 'accept-language': 'pt' } })).text();
    expect(list).toContain('<meta property="og:title" content="Explorar campanhas — Creator Marketplace" />');
  });

  it('reads the first language of Accept-Language: en and pt with or without a region, Spanish otherwise', () => {
    const tags = ['en', 'en-GB', 'en;q=0.8', 'pt', 'pt-BR', 'pt-PT;q=1', 'es-MX', 'fr', 'english', 'ptx', ''];
    expect(tags.map((t) => previewLanguage(t))).toEqual(['en', 'en', 'en', 'pt', 'pt', 'pt', 'es', 'es', 'es', 'es', 'es']);
    expect(previewLanguage(undefined)).toBe('es');
  });

  it('a draft, paused or unknown campaign gets the generic list preview, never its own title', async () => {
    for (const n of [5, 3, 10]) {
      const html = await (await fetch(`${base}/explore/${ids.campaign(n)}`)).text();
      expect(html).not.toContain(await title(n));
      expect(html).toContain('<meta property="og:title" content="Explorar campañas — Creator Marketplace" />');
    }
    const odd = await (await fetch(`${base}/explore/not-a-uuid`)).text();
    expect(odd).toContain('<meta property="og:title" content="Explorar campañas — Creator Marketplace" />');
  });

  it('the list page has its own preview; other pages keep index.html as built', async () => {
    const list = await (await fetch(`${base}/explore`, { headers: { 'accept-language': 'en' } })).text();
    expect(list).toContain('<meta property="og:title" content="Browse campaigns — Creator Marketplace" />');
    expect(await (await fetch(`${base}/campaigns/${ids.campaign(1)}`)).text()).toBe(INDEX);
    expect(await (await fetch(`${base}/`)).text()).toBe(INDEX);
  });
});
