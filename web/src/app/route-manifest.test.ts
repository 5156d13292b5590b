import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeManifest, routeModuleFile } from './route-manifest';

const routesDir = new URL('./routes/', import.meta.url);
const routeFiles = readdirSync(routesDir, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.tsx'))
  .map((f) => `./routes/${f.replaceAll('\\', '/')}`);

const manifestModules = [
  ...routeManifest.public.map((r) => r.module),
  routeManifest.shell.module,
  ...routeManifest.shell.routes.map((r) => r.module),
  routeManifest.notFound.module,
];

describe('routeManifest', () => {
  // The router looks modules up among the files and the preloader among the build's chunks: a name that
  // matches no file would fail only when that URL is opened.
  it('names route modules that exist, and every route file is in it', () => {
    expect(manifestModules.map(routeModuleFile).sort()).toEqual([...routeFiles].sort());
  });

  it('gives every path one screen', () => {
    const all = [...routeManifest.public, ...routeManifest.shell.routes].map((r) => r.path);
    expect(new Set(all).size).toBe(all.length);
  });
});
