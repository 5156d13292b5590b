import type { Queryable } from '../db/database.ts';

/**
 * A user's pending account-email tokens and how long ago each kind was sent, in seconds measured by the
 * database's clock (the same clock that wrote the *_sent_at columns); null when never sent.
 */
export interface EmailTokenState {
  confirmation_token: string;
  recovery_token: string;
  email_change_token_new: string;
  email_change_token_current: string;
  email_change_confirm_status: number;
  confirmation_age: number | null;
  recovery_age: number | null;
  email_change_age: number | null;
}

const age = (col: string) => `extract(epoch from now() - ${col})::float8 as ${col.replace('_sent_at', '_age')}`;

export async function emailTokenState(q: Queryable, userId: string): Promise<EmailTokenState | undefined> {
  const r = await q.query<EmailTokenState>(
    `select coalesce(confirmation_token, '') as confirmation_token, coalesce(recovery_token, '') as recovery_token,
            coalesce(email_change_token_new, '') as email_change_token_new,
            coalesce(email_change_token_current, '') as email_change_token_current,
            coalesce(email_change_confirm_status, 0)::int as email_change_confirm_status,
            ${age('confirmation_sent_at')}, ${age('recovery_sent_at')}, ${age('email_change_sent_at')}
       from auth.users where id = $1::uuid`,
    [userId],
  );
  const row = r.rows[0];
  if (!row) return undefined;
  const n = (v: number | null) => (v === null ? null : Number(v));
  return { ...row, confirmation_age: n(row.confirmation_age), recovery_age: n(row.recovery_age), email_change_age: n(row.email_change_age) };
}
