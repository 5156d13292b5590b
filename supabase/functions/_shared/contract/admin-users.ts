import { z } from 'zod/mini';

/**
 * The admin's user forms (spec section 5: Edit User, Create brand account) and the answers of the
 * admin-users function, shared by the function, the /api facade and the web dialogs. The database checks
 * again (api.admin_update_user, the profile trigger).
 */
export const adminUserMessages = {
  fullName: 'Full name must be at least 2 characters',
  email: 'Please enter a valid email',
  username: 'Username must be at least 3 characters',
  usernameChars: 'Username can only contain letters, numbers, dots and underscores (30 at most)',
  role: 'Role must be brand, creator or admin',
  bio: 'Bio must be text or null',
  companyName: 'Company name is required',
  companyNameMax: 'Company name must be 200 characters or fewer',
} as const;
const m = adminUserMessages;

export const ROLES = ['brand', 'creator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

const USERNAME = /^[A-Za-z0-9._]{3,30}$/;

const fullName = z.string(m.fullName).check(z.trim(), z.minLength(2, m.fullName));
const email = z.pipe(z.string(m.email).check(z.trim(), z.toLowerCase()), z.email(m.email));

/** Edit User: every field is required but bio (blank bio is none). */
export const adminUserUpdateSchema = z.object({
  fullName,
  email,
  username: z.string(m.username).check(
    z.trim(),
    z.minLength(3, m.username),
    z.refine((v) => v.length < 3 || USERNAME.test(v), m.usernameChars),
  ),
  role: z.enum(ROLES, m.role),
  bio: z.pipe(
    z.optional(z.nullable(z.string(m.bio))),
    z.transform((v) => (v?.trim() ? v.trim() : null)),
  ),
});
export type AdminUserUpdateForm = z.input<typeof adminUserUpdateSchema>;
export type AdminUserUpdate = z.output<typeof adminUserUpdateSchema>;

/** Create brand account: the admin gives its email, the contact's full name and the company name. */
export const newBrandAccountSchema = z.object({
  email,
  fullName,
  companyName: z.string(m.companyName).check(z.trim(), z.minLength(1, m.companyName), z.maxLength(200, m.companyNameMax)),
});
export type NewBrandAccount = z.output<typeof newBrandAccountSchema>;

/** A user as the admin screens show them (camelCase, the spec's field names). */
export interface AdminUserView {
  id: string;
  email: string;
  username: string;
  fullName: string;
  role: string;
  bio: string | null;
}

/** A brand account just created, with the one-time password the admin passes on. */
export interface CreatedBrand {
  user: AdminUserView & { companyName: string; passwordChangeRequired: true };
  temporaryPassword: string;
}
