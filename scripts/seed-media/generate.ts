// `npx tsx scripts/seed-media/generate.ts`: draws the seed's pictures (decision 0048) and writes them under
// supabase/seed-media/<bucket>/<owner id>/. Nothing is downloaded or licensed: each picture is a gradient,
// a few shapes and initials or a word, drawn on a canvas in headless Chromium (Playwright, already a dev
// dependency; the same browser the e2e tests use) and encoded by it as WebP, JPEG or PNG. The files are
// committed; run this again only to change them. The seed (supabase/seed.sql) names the same keys.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ensureChromium } from '../ensure-chromium.ts';
import { SEED_MEDIA_DIR, seedPictures, type SeedPicture } from './pictures.ts';

/** The little of a canvas the drawing uses (this file compiles without the DOM library). */
interface HTMLCanvasLike {
  width: number;
  height: number;
  getContext(kind: '2d'): Canvas2D | null;
  toDataURL(type: string, quality: number): string;
}
interface Canvas2D {
  fillStyle: unknown;
  globalAlpha: number;
  textAlign: string;
  textBaseline: string;
  shadowColor: string;
  shadowBlur: number;
  font: string;
  createLinearGradient(x0: number, y0: number, x1: number, y1: number): { addColorStop(at: number, color: string): void };
  fillRect(x: number, y: number, w: number, h: number): void;
  beginPath(): void;
  rect(x: number, y: number, w: number, h: number): void;
  arc(x: number, y: number, r: number, a0: number, a1: number): void;
  fill(): void;
  fillText(text: string, x: number, y: number): void;
}

/** Runs in the page: one picture to a data: URL. Kept free of closures (it is serialised into the page). */
function draw(p: SeedPicture): string {
  // The page's document: the scripts compile without the DOM library.
  const doc = (globalThis as unknown as { document: { createElement(tag: 'canvas'): HTMLCanvasLike } }).document;
  const canvas = doc.createElement('canvas');
  canvas.width = p.width;
  canvas.height = p.height;
  const ctx = canvas.getContext('2d')!;
  const g = ctx.createLinearGradient(0, 0, p.width, p.height);
  g.addColorStop(0, p.colors[0]);
  g.addColorStop(1, p.colors[1]);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, p.width, p.height);
  // A few soft shapes, placed from the seed number so each picture differs but is the same every run.
  let s = p.seed;
  const rnd = () => ((s = (s * 9301 + 49297) % 233280) / 233280);
  for (let i = 0; i < p.shapes; i++) {
    ctx.globalAlpha = 0.18 + rnd() * 0.2;
    ctx.fillStyle = i % 2 ? '#ffffff' : p.colors[2];
    const x = rnd() * p.width;
    const y = rnd() * p.height;
    const r = (0.12 + rnd() * 0.3) * Math.min(p.width, p.height);
    ctx.beginPath();
    if (i % 3 === 2) ctx.rect(x - r / 2, y - r / 2, r, r);
    else ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.globalAlpha = 1;
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.shadowColor = 'rgba(0,0,0,0.25)';
  ctx.shadowBlur = 6;
  const size = Math.round(Math.min(p.width, p.height) * (p.text.length > 3 ? 0.12 : 0.38));
  ctx.font = `700 ${size}px "DejaVu Sans", Arial, sans-serif`;
  ctx.fillText(p.text, p.width / 2, p.height / 2);
  return canvas.toDataURL(p.type, p.quality);
}

const browser = await chromium.launch({ executablePath: ensureChromium(), headless: true });
try {
  const page = await browser.newPage();
  // tsx compiles with esbuild's keepNames, which wraps functions in a `__name` helper the page lacks.
  await page.evaluate('globalThis.__name = (f) => f');
  await rm(SEED_MEDIA_DIR, { recursive: true, force: true });
  let total = 0;
  for (const picture of seedPictures()) {
    const dataUrl = await page.evaluate(draw, picture);
    const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    if (!dataUrl.startsWith(`data:${picture.type};`)) throw new Error(`${picture.key}: the browser did not encode ${picture.type}`);
    const file = path.join(SEED_MEDIA_DIR, picture.bucket, picture.key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
    total += bytes.length;
    console.log(`${picture.bucket}/${picture.key}  ${(bytes.length / 1024).toFixed(1)} KB`);
  }
  console.log(`${(total / 1024).toFixed(0)} KB in all`);
} finally {
  await browser.close();
}
