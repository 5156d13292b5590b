import { randomBytes } from 'node:crypto';
import { type Credentials, serviceClient } from './clients.ts';

/** Demo accounts the seed creates (supabase/seed.sql): for read-only checks of seeded data only. */
export const demo = {
  creator: { email: 'creator@demo.test', password: 'password123' },
  brand: { email: 'brand@demo.test', password: 'password123' },
  admin: { email: 'admin@demo.test', password: 'password123' },
} as const;

export type Role = 'brand' | 'creator' | 'admin';

export interface Account extends Credentials {
  id: string;
  role: Role;
  username: string;
  fullName: string;
  /** Brands only: what screens show as the brand's name (the full name when none was given). */
  companyName?: string;
}

export interface AccountOptions {
  /** Starts the username and, capitalised, the default full name (letters and digits, at most 12). */
  label?: string;
  fullName?: string;
  /** Brands only; without it the sign-up trigger uses the full name. */
  companyName?: string;
  password?: string;
}

/** A name no other test, project or run uses: the prefix and 10 random hex digits. */
export function unique(prefix: string): string {
  return `${prefix}${randomBytes(5).toString('hex')}`;
}

/**
 * Creates a confirmed account through Auth's admin API. The role goes in app_metadata, which only the
 * service role can set; the sign-up trigger (app.handle_new_user) builds the profile from user_metadata:
 * username, full_name, and a brand's company_name.
 */
export async function createAccount(role: Role, options: AccountOptions = {}): Promise<Account> {
  const label = options.label ?? role;
  const username = unique(`${label}_`);
  const fullName = options.fullName ?? `${label[0]!.toUpperCase()}${label.slice(1)} ${username.slice(-6)}`;
  const email = `${username}@e2e.test`;
  const password = options.password ?? 'password123';
  const { data, error } = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    app_metadata: { role },
    user_metadata: { username, full_name: fullName, ...(options.companyName ? { company_name: options.companyName } : {}) },
  });
  if (error || !data.user) throw new Error(`creating a ${role} account: ${error?.message ?? 'no user returned'}`);
  const companyName = role === 'brand' ? (options.companyName ?? fullName) : undefined;
  return { id: data.user.id, email, password, role, username, fullName, ...(companyName ? { companyName } : {}) };
}

/** Deletes an account and, through the cascades of the schema, everything it owns. Gone already is fine. */
export async function deleteAccount(id: string): Promise<void> {
  const { error } = await serviceClient().auth.admin.deleteUser(id);
  if (error && error.status !== 404) throw new Error(`deleting account ${id}: ${error.message}`);
}

/** The id of the account with this email, if there is one. */
export async function findAccountId(email: string): Promise<string | undefined> {
  const admin = serviceClient().auth.admin;
  const perPage = 1000;
  for (let page = 1; ; page++) {
    const { data, error } = await admin.listUsers({ page, perPage });
    if (error) throw new Error(`listing accounts: ${error.message}`);
    const found = data.users.find((u) => u.email?.toLowerCase() === email.toLowerCase());
    if (found) return found.id;
    if (data.users.length < perPage) return undefined;
  }
}
