import {
  adminUserUpdateSchema,
  newBrandAccountSchema,
  type AdminUserUpdate,
  type NewBrandAccount,
} from './contract/admin-users.ts';
import { type FieldProblem, invalidFields } from './http-error.ts';
import { parseInput } from './parse-input.ts';

export { adminUserMessages, type AdminUserUpdate, type NewBrandAccount, type Role } from './contract/admin-users.ts';
export { asObject } from './parse-input.ts';
export { isUuid } from './contract/ids.ts';

/** Raises the first problem of several, all collected so a client can show each field's message. */
export function throwIfInvalid(problems: readonly FieldProblem[]): void {
  if (problems.length > 0) throw invalidFields(problems);
}

/** Validates the Edit User form (the contract's rules); every field is required except bio. */
export function parseAdminUserUpdate(raw: unknown): AdminUserUpdate {
  return parseInput(adminUserUpdateSchema, raw, ['fullName', 'email', 'username', 'role', 'bio']);
}

/** Validates the Create brand account form. */
export function parseNewBrandAccount(raw: unknown): NewBrandAccount {
  return parseInput(newBrandAccountSchema, raw, ['email', 'fullName', 'companyName']);
}
