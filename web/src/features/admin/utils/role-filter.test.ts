import { describe, expect, test } from 'vitest';
import { roleFilterFrom } from './role-filter';

describe('roleFilterFrom', () => {
  test('reads the role the URL names', () => {
    expect(roleFilterFrom(new URLSearchParams('role=brand'))).toBe('brand');
    expect(roleFilterFrom(new URLSearchParams('?role=creator'))).toBe('creator');
    expect(roleFilterFrom(new URLSearchParams('role=admin'))).toBe('admin');
    expect(roleFilterFrom(new URLSearchParams('role=all'))).toBe('all');
  });

  test('no role, or one that is not a filter, shows everyone', () => {
    expect(roleFilterFrom(new URLSearchParams(''))).toBe('all');
    expect(roleFilterFrom(new URLSearchParams('role=superuser'))).toBe('all');
    expect(roleFilterFrom(new URLSearchParams('role=Brand'))).toBe('all');
  });
});
