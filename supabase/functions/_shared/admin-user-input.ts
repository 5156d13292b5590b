import { type FieldProblem, HttpError, invalidFields } from './http-error.ts';

/** Messages of the Edit User form (spec section 5), shared by the admin function and the /api facade. */
export const adminUserMessages = {
  fullName: 'Full name must be at least 2 characters',
  email: 'Please enter a valid email',
  username: 'Username must be at least 3 characters',
  usernameChars: 'Username can only contain letters, numbers, dots and underscores (30 at most)',
  role: 'Role must be brand, creator or admin',
  companyName: 'Company name is required',
} as const;

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const USERNAME = /^[A-Za-z0-9._]{3,30}$/;
const ROLES = ['brand', 'creator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The Edit User form: fullName, email, username, role, bio (optional, nullable). */
export interface AdminUserUpdate {
  fullName: string;
  email: string;
  username: string;
  role: Role;
  bio: string | null;
}

/** A new brand account: the admin gives its email, the contact's full name and the company name. */
export interface NewBrandAccount {
  email: string;
  fullName: string;
  companyName: string;
}

function text(body: Record<string, unknown>, key: string): string {
  const v = body[key];
  return typeof v === 'string' ? v.trim() : '';
}

/** The JSON object of a request body, or a 400. */
export function asObject(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'Expected a JSON object', 'bad_json');
  return body as Record<string, unknown>;
}

/** Raises the first problem of several, all collected so a client can show each field's message. */
export function throwIfInvalid(problems: readonly FieldProblem[]): void {
  if (problems.length > 0) throw invalidFields(problems);
}

/** Validates the Edit User form; every field is required except bio. */
export function parseAdminUserUpdate(raw: unknown): AdminUserUpdate {
  const body = asObject(raw);
  const fullName = text(body, 'fullName');
  const email = text(body, 'email').toLowerCase();
  const username = text(body, 'username');
  const role = text(body, 'role');
  const bio = body.bio === null || body.bio === undefined ? null : typeof body.bio === 'string' ? body.bio.trim() || null : undefined;
  const problems: Array<[string, string]> = [];
  if (fullName.length < 2) problems.push(['fullName', adminUserMessages.fullName]);
  if (!EMAIL.test(email)) problems.push(['email', adminUserMessages.email]);
  if (username.length < 3) problems.push(['username', adminUserMessages.username]);
  else if (!USERNAME.test(username)) problems.push(['username', adminUserMessages.usernameChars]);
  if (!(ROLES as readonly string[]).includes(role)) problems.push(['role', adminUserMessages.role]);
  if (bio === undefined) problems.push(['bio', 'Bio must be text or null']);
  throwIfInvalid(problems);
  return { fullName, email, username, role: role as Role, bio: bio ?? null };
}

/** Validates the Create brand account form. */
export function parseNewBrandAccount(raw: unknown): NewBrandAccount {
  const body = asObject(raw);
  const email = text(body, 'email').toLowerCase();
  const fullName = text(body, 'fullName');
  const companyName = text(body, 'companyName');
  const problems: Array<[string, string]> = [];
  if (!EMAIL.test(email)) problems.push(['email', adminUserMessages.email]);
  if (fullName.length < 2) problems.push(['fullName', adminUserMessages.fullName]);
  if (!companyName) problems.push(['companyName', adminUserMessages.companyName]);
  else if (companyName.length > 200) problems.push(['companyName', 'Company name must be 200 characters or fewer']);
  throwIfInvalid(problems);
  return { email, fullName, companyName };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a canonical uuid (ids of users, campaigns, ...). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
