import type { Queryable } from '../db/database.ts';
import { IDENTITIES_COLUMN, type IdentityRow } from './identities-repo.ts';

/** GoTrue stores this as every user's instance_id. */
export const ZERO_UUID = '00000000-0000-0000-0000-000000000000';

type Json = Record<string, unknown>;

/** An auth.users row with timestamps already formatted as GoTrue's JSON writes them. */
export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  phone: string | null;
  encrypted_password: string | null;
  raw_app_meta_data: Json | null;
  raw_user_meta_data: Json | null;
  is_anonymous: boolean;
  is_sso_user: boolean;
  email_change: string | null;
  phone_change: string | null;
  email_confirmed_at: string | null;
  invited_at: string | null;
  phone_confirmed_at: string | null;
  confirmation_sent_at: string | null;
  confirmed_at: string | null;
  recovery_sent_at: string | null;
  email_change_sent_at: string | null;
  phone_change_sent_at: string | null;
  reauthentication_sent_at: string | null;
  last_sign_in_at: string | null;
  created_at: string | null;
  updated_at: string | null;
  banned_until: string | null;
  deleted_at: string | null;
  /** banned_until lies in the future. */
  banned: boolean;
  /** The user's rows of auth.identities, oldest first. */
  identities: IdentityRow[];
}

const TIMESTAMPS = [
  'email_confirmed_at', 'invited_at', 'phone_confirmed_at', 'confirmation_sent_at', 'confirmed_at',
  'recovery_sent_at', 'email_change_sent_at', 'phone_change_sent_at', 'reauthentication_sent_at',
  'last_sign_in_at', 'created_at', 'updated_at', 'banned_until', 'deleted_at',
] as const;

/** RFC 3339 in UTC with microseconds, read as text so no driver rounds it to milliseconds. */
const utc = (col: string) => `to_char(u.${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ${col}`;

export const USER_COLUMNS = [
  'u.id::text as id', 'u.aud', 'u.role', 'u.email', 'u.phone', 'u.encrypted_password', 'u.raw_app_meta_data',
  'u.raw_user_meta_data', 'coalesce(u.is_anonymous, false) as is_anonymous', 'coalesce(u.is_sso_user, false) as is_sso_user',
  'u.email_change', 'u.phone_change', ...TIMESTAMPS.map(utc),
  'coalesce(u.banned_until > now(), false) as banned', IDENTITIES_COLUMN,
].join(', ');

export async function findUserById(q: Queryable, id: string): Promise<UserRow | undefined> {
  const r = await q.query<UserRow>(`select ${USER_COLUMNS} from auth.users u where u.id = $1::uuid`, [id]);
  return r.rows[0];
}

/** Email lookups ignore case, as GoTrue's (instance, lower(email)) index does; SSO users are separate. */
export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  const r = await q.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users u
      where lower(u.email) = lower($1) and coalesce(u.is_sso_user, false) = false
      order by u.created_at limit 1`,
    [email],
  );
  return r.rows[0];
}

/** Is the email taken by someone other than `exceptId`? */
export async function emailTaken(q: Queryable, email: string, exceptId?: string): Promise<boolean> {
  const r = await q.query(
    `select 1 from auth.users where lower(email) = lower($1) and coalesce(is_sso_user, false) = false
        and ($2::uuid is null or id <> $2::uuid) limit 1`,
    [email, exceptId ?? null],
  );
  return r.rows.length > 0;
}

export interface NewUser {
  id: string;
  email: string | null;
  phone?: string | null;
  encryptedPassword: string | null;
  role: string;
  appMetadata: Json;
  userMetadata: Json;
  emailConfirmed: boolean;
  phoneConfirmed?: boolean;
  /** Set when the user signs in as part of creation (sign-up with a session). */
  signedIn?: boolean;
  bannedForMs?: number;
}

/** Inserts a user with the columns GoTrue fills (empty strings where it writes them). */
export async function insertUser(q: Queryable, u: NewUser): Promise<void> {
  await q.query(
    `insert into auth.users (
       instance_id, id, aud, role, email, phone, encrypted_password, raw_app_meta_data, raw_user_meta_data,
       email_confirmed_at, phone_confirmed_at, last_sign_in_at, banned_until,
       confirmation_token, recovery_token, email_change_token_new, email_change, is_super_admin,
       created_at, updated_at, is_sso_user, is_anonymous)
     values ($1::uuid, $2::uuid, 'authenticated', $3, $4, $5, $6, $7::jsonb, $8::jsonb,
       case when $9 then now() end, case when $10 then now() end, case when $11 then now() end,
       case when $12::float8 is not null then now() + make_interval(secs => $12::float8 / 1000) end,
       '', '', '', '', false, now(), now(), false, false)`,
    [
      ZERO_UUID, u.id, u.role, u.email, u.phone ?? null, u.encryptedPassword, JSON.stringify(u.appMetadata),
      JSON.stringify(u.userMetadata), u.emailConfirmed, u.phoneConfirmed ?? false, u.signedIn ?? false,
      u.bannedForMs ?? null,
    ],
  );
}

/** SQL to put in an update instead of a value. */
export class Sql {
  constructor(readonly text: string) {}
}
export const NOW = new Sql('now()');

const JSONB_COLUMNS = new Set(['raw_app_meta_data', 'raw_user_meta_data']);
const UPDATABLE = new Set([
  'email', 'phone', 'encrypted_password', 'role', 'raw_app_meta_data', 'raw_user_meta_data', 'email_confirmed_at',
  'phone_confirmed_at', 'last_sign_in_at', 'banned_until', 'deleted_at', 'email_change', 'email_change_sent_at',
  // The account emails' tokens (account-mail.ts, routes-verify.ts).
  'confirmation_token', 'confirmation_sent_at', 'recovery_token', 'recovery_sent_at', 'email_change_token_new',
  'email_change_token_current', 'email_change_confirm_status',
]);

/** Updates the given columns and updated_at (as every GoTrue save of a user does). */
export async function updateUser(q: Queryable, id: string, patch: Record<string, unknown>): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [id];
  for (const [col, value] of Object.entries(patch)) {
    if (!UPDATABLE.has(col)) throw new Error(`auth.users.${col} is not updatable here`);
    if (value instanceof Sql) {
      sets.push(`${col} = ${value.text}`);
      continue;
    }
    params.push(JSONB_COLUMNS.has(col) ? JSON.stringify(value) : value);
    sets.push(`${col} = $${params.length}${JSONB_COLUMNS.has(col) ? '::jsonb' : ''}`);
  }
  sets.push('updated_at = now()');
  await q.query(`update auth.users set ${sets.join(', ')} where id = $1::uuid`, params);
}

export async function deleteUser(q: Queryable, id: string): Promise<void> {
  await q.query('delete from auth.users where id = $1::uuid', [id]);
}

export interface UserPage {
  users: UserRow[];
  total: number;
}

/** A page of users, newest first, as GoTrue's admin list sorts them by default. */
export async function listUsers(q: Queryable, page: number, perPage: number, filter?: string): Promise<UserPage> {
  const where = filter ? `where u.email ilike $1 or u.raw_user_meta_data->>'full_name' ilike $1` : '';
  const params: unknown[] = filter ? [`%${filter.replace(/[\\%_]/g, (c) => '\\' + c)}%`] : [];
  const total = await q.query<{ n: number }>(`select count(*)::int as n from auth.users u ${where}`, params);
  const rows = await q.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users u ${where}
      order by u.created_at desc nulls last, u.id
      limit ${perPage} offset ${(page - 1) * perPage}`,
    params,
  );
  return { users: rows.rows, total: Number(total.rows[0]?.n ?? 0) };
}
