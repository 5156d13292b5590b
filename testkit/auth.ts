import { randomBytes } from 'node:crypto';
import type { TestStack } from './test-stack.ts';

/** Test helpers for the auth suites (not a test file itself). */

export interface Person {
  email: string;
  password: string;
  data: { full_name: string; username: string };
}

/** A fresh, realistic sign-up (profile triggers may require full_name and username). */
export function newPerson(name = 'ana'): Person {
  const n = randomBytes(4).toString('hex');
  return {
    email: `${name}.${n}@example.test`,
    password: 'correct-horse-9',
    data: { full_name: 'Ana Pérez', username: `${name}_perez_${n}` },
  };
}

export function decodeJwt(token: string): Record<string, any> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}

export interface RawOptions {
  method?: string;
  body?: unknown;
  /** Raw body text, sent as is. */
  text?: string;
  bearer?: string;
  /** Send X-Supabase-Api-Version: 2024-01-01 (default true, as auth-js does). */
  versioned?: boolean;
  headers?: Record<string, string>;
}

/** A request to /auth/v1 with the anon key, as auth-js would send it, exposing status and headers. */
export async function authFetch(stack: TestStack, path: string, o: RawOptions = {}) {
  const headers: Record<string, string> = { apikey: stack.anonKey, ...o.headers };
  headers.Authorization = `Bearer ${o.bearer ?? stack.anonKey}`;
  if (o.versioned !== false) headers['X-Supabase-Api-Version'] = '2024-01-01';
  let body: string | undefined = o.text;
  if (o.body !== undefined) body = JSON.stringify(o.body);
  if (body !== undefined) headers['Content-Type'] = 'application/json;charset=UTF-8';
  const res = await fetch(`${stack.url}/auth/v1${path}`, { method: o.method ?? (body ? 'POST' : 'GET'), headers, body });
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/** Signs a new person up on the stack; returns a client holding the session. */
export async function signedUp(stack: TestStack, p: Person = newPerson()) {
  const client = stack.client();
  const { data, error } = await client.auth.signUp({ email: p.email, password: p.password, options: { data: p.data } });
  if (error) throw error;
  return { client, person: p, session: data.session!, user: data.user! };
}

/** Signs the seed's demo accounts in (name -> email, password `password123`): each one's access token by name. */
export async function seedAccountTokens(stack: TestStack, accounts: Record<string, string>): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const [name, email] of Object.entries(accounts)) {
    const { data, error } = await stack.client().auth.signInWithPassword({ email, password: 'password123' });
    if (error) throw error;
    tokens[name] = data.session!.access_token;
  }
  return tokens;
}
