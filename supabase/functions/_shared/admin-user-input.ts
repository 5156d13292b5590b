import {
  adminUserUpdateSchema,
  newBrandAccountSchema,
  type AdminUserUpdate,
  type NewBrandAccount,
} from './contract/admin-users.ts';
import { parseInput } from './parse-input.ts';

export { adminUserMessages, type AdminUserUpdate, type NewBrandAccount, type Role } from './contract/admin-users.ts';
export { asObject } from './parse-input.ts';
export { isUuid } from './contract/ids.ts';

/** Validates the Edit User form (the contract's rules); every field is required except bio. */
export function parseAdminUserUpdate(raw: unknown): AdminUserUpdate {
  return parseInput(adminUserUpdateSchema, raw, ['fullName', 'email', 'username', 'role', 'bio']);
}

/** Validates the Create brand account form. */
export function parseNewBrandAccount(raw: unknown): NewBrandAccount {
  return parseInput(newBrandAccountSchema, raw, ['email', 'fullName', 'companyName']);
}
