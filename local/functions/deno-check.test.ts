import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../config.ts';
import { denoCheck, functionEntrypoints } from './deno-check.ts';

const functionsDir = path.join(repoRoot, 'supabase', 'functions');

describe('deno check', () => {
  it('accepts every function in supabase/functions', async () => {
    const result = await denoCheck(functionsDir);
    expect(result.files).toContain(path.join(functionsDir, 'api', 'index.ts'));
    expect(result.ok, result.output).toBe(true);
  });

  it('accepts the fixture functions and the preload that run under Deno in these tests', async () => {
    const fixtures = path.join(repoRoot, 'local', 'functions', 'fixtures', 'supabase', 'functions');
    const result = await denoCheck(fixtures, [path.join(repoRoot, 'local', 'functions', 'deno-preload.ts')]);
    expect(result.files.length).toBeGreaterThanOrEqual(6);
    expect(result.ok, result.output).toBe(true);
  });

  it('reports a type error as a failure', async () => {
    // Written outside local/, which Node's tsc checks too.
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'deno-check-')), 'type-error.ts');
    writeFileSync(file, "export const notANumber: number = 'text';\n");
    const result = await denoCheck(path.join(repoRoot, 'local', 'functions', 'fixtures', 'supabase', 'functions'), [file]);
    expect(result.ok).toBe(false);
    expect(result.output).toContain('TS2322');
  });

  it('lists only function folders, not _shared', () => {
    expect(functionEntrypoints(functionsDir).some((f) => f.includes('_shared'))).toBe(false);
  });
});

describe('supabase/functions/deno.json', () => {
  const denoJson = JSON.parse(readFileSync(path.join(functionsDir, 'deno.json'), 'utf8')) as {
    nodeModulesDir: string;
    imports: Record<string, string>;
  };

  it('resolves npm imports from the repository node_modules', () => {
    expect(denoJson.nodeModulesDir).toBe('manual');
  });

  it('pins each npm import to the version npm installed, so functions and web share one version', () => {
    for (const [name, specifier] of Object.entries(denoJson.imports)) {
      // A subpath (npm:zod@4.6.7/mini) pins the same package version.
      const m = /^npm:(@?[^@]+)@([^/]+)(?:\/.*)?$/.exec(specifier);
      expect(m, `${name}: ${specifier}`).not.toBeNull();
      const [, pkg, version] = m!;
      const installed = JSON.parse(readFileSync(path.join(repoRoot, 'node_modules', pkg!, 'package.json'), 'utf8')) as { version: string };
      expect(version, `${pkg} in deno.json vs node_modules`).toBe(installed.version);
    }
  });
});
