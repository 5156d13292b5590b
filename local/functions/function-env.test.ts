import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { functionEnv, parseDotenv } from './function-env.ts';

describe('parseDotenv', () => {
  it('reads the forms a supabase/functions/.env uses', () => {
    const text = [
      '# comment',
      '',
      'PLAIN=value',
      'SPACED = spaced value  ',
      'export EXPORTED=1',
      'TRAILING=abc # comment',
      'HASH_IN_QUOTES="a # b"',
      "SINGLE='no \\n escapes'",
      'DOUBLE="line\\nbreak \\"quoted\\""',
      'EMPTY=',
      'not a line',
    ].join('\n');
    expect(parseDotenv(text)).toEqual({
      PLAIN: 'value',
      SPACED: 'spaced value',
      EXPORTED: '1',
      TRAILING: 'abc',
      HASH_IN_QUOTES: 'a # b',
      SINGLE: 'no \\n escapes',
      DOUBLE: 'line\nbreak "quoted"',
      EMPTY: '',
    });
  });
});

describe('functionEnv', () => {
  function supabaseDir(envFile?: string): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'function-env-'));
    mkdirSync(path.join(dir, 'functions'));
    if (envFile !== undefined) writeFileSync(path.join(dir, 'functions', '.env'), envFile);
    return dir;
  }

  it('gives the Supabase variables, without SUPABASE_DB_URL on PGlite', () => {
    const config = loadConfig({ SUPABASE_DIR: supabaseDir(), PUBLIC_URL: 'http://example.test:1234' });
    const env = functionEnv(config, {});
    expect(env.SUPABASE_URL).toBe('http://example.test:1234');
    expect(env.SUPABASE_ANON_KEY).toBe(config.anonKey);
    expect(env.SUPABASE_SERVICE_ROLE_KEY).toBe(config.serviceRoleKey);
    expect('SUPABASE_DB_URL' in env).toBe(false);
  });

  it('gives SUPABASE_DB_URL when the stack runs on a Postgres server', () => {
    const config = loadConfig({ SUPABASE_DIR: supabaseDir(), DATABASE_URL: 'postgres://u@db.test/app' });
    expect(functionEnv(config, {}).SUPABASE_DB_URL).toBe('postgres://u@db.test/app');
  });

  it('adds the .env file, then STRIPE_* of the stack over it, and nothing else of the stack', () => {
    const config = loadConfig({ SUPABASE_DIR: supabaseDir('STRIPE_SECRET_KEY=from-file\nAPP_NAME=market\n') });
    const env = functionEnv(config, { STRIPE_SECRET_KEY: 'from-shell', STRIPE_WEBHOOK_SECRET: 'whsec', JWT_SECRET: 'x', PATH: '/bin' });
    expect(env.STRIPE_SECRET_KEY).toBe('from-shell');
    expect(env.STRIPE_WEBHOOK_SECRET).toBe('whsec');
    expect(env.APP_NAME).toBe('market');
    expect(env.JWT_SECRET).toBeUndefined();
    expect(env.PATH).toBeUndefined();
  });

  it('ignores SUPABASE_* names in the .env file and says so', () => {
    const lines: string[] = [];
    const config = loadConfig({ SUPABASE_DIR: supabaseDir('SUPABASE_SERVICE_ROLE_KEY=stolen\n') });
    const env = functionEnv(config, {}, (line) => lines.push(line));
    expect(env.SUPABASE_SERVICE_ROLE_KEY).toBe(config.serviceRoleKey);
    expect(lines.join('\n')).toContain('ignoring SUPABASE_SERVICE_ROLE_KEY');
  });

  it('tells Deno where its cache is, since the child gets no HOME', () => {
    const config = loadConfig({ SUPABASE_DIR: supabaseDir() });
    expect(functionEnv(config, { DENO_DIR: '/cache/deno' }).DENO_DIR).toBe('/cache/deno');
    expect(functionEnv(config, {}).DENO_DIR).toMatch(/deno$/);
    expect(functionEnv(config, {}).HOME).toBeUndefined();
  });
});
