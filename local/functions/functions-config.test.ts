import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../config.ts';
import { FUNCTION_NAME, functionSettings, loadFunctionsConfig } from './functions-config.ts';

function configDir(toml: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'functions-config-'));
  writeFileSync(path.join(dir, 'config.toml'), toml);
  return dir;
}

describe('supabase/config.toml', () => {
  const config = loadFunctionsConfig(path.join(repoRoot, 'supabase'));

  it('turns verify_jwt off only for api and stripe-webhook', () => {
    expect(functionSettings(config, 'api').verifyJwt).toBe(false);
    expect(functionSettings(config, 'stripe-webhook').verifyJwt).toBe(false);
    expect(functionSettings(config, 'payments').verifyJwt).toBe(true);
    expect(functionSettings(config, 'admin-users').verifyJwt).toBe(true);
  });

  it('gives an unlisted function the CLI defaults', () => {
    expect(functionSettings(config, 'not-listed')).toEqual({ verifyJwt: true, enabled: true, entrypoint: undefined, importMap: undefined });
  });
});

describe('loadFunctionsConfig', () => {
  it('resolves entrypoint and import_map against the supabase folder', () => {
    const dir = configDir('[functions.a]\nentrypoint = "./functions/b/main.ts"\nimport_map = "./functions/import_map.json"\nenabled = false\n');
    const a = functionSettings(loadFunctionsConfig(dir), 'a');
    expect(a.entrypoint).toBe(path.join(dir, 'functions', 'b', 'main.ts'));
    expect(a.importMap).toBe(path.join(dir, 'functions', 'import_map.json'));
    expect(a.enabled).toBe(false);
    expect(a.verifyJwt).toBe(true);
  });

  it('treats a missing config.toml as all defaults', () => {
    expect(loadFunctionsConfig(mkdtempSync(path.join(os.tmpdir(), 'functions-config-'))).size).toBe(0);
  });

  it('refuses malformed TOML instead of guessing a security setting', () => {
    expect(() => loadFunctionsConfig(configDir('[functions.a\nverify_jwt = false\n'))).toThrow(/config\.toml/);
  });

  it('refuses a verify_jwt that is not a boolean', () => {
    expect(() => loadFunctionsConfig(configDir('[functions.a]\nverify_jwt = "false"\n'))).toThrow(/verify_jwt must be true or false/);
  });
});

describe('FUNCTION_NAME', () => {
  it.each(['api', 'stripe-webhook', 'admin_users', 'A1'])('accepts %s', (name) => expect(FUNCTION_NAME.test(name)).toBe(true));
  it.each(['', '_shared', '-x', '1a', '..', 'a/b', 'a.b', '%2e%2e'])('refuses %j', (name) => expect(FUNCTION_NAME.test(name)).toBe(false));
});
